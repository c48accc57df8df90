import type { StaffPerson } from "@atelier/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { holdFetch, renderRoutes, sentBody, stubBrowserApis, stubFetch } from "@/test/render";
import { makePerson, page } from "../testing/fixtures";
import { PeopleScreen } from "./people-screen";

type Handler = (url: string, init: RequestInit) => { status: number; body?: unknown } | undefined;

const ravi = makePerson({
  id: "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb",
  email: "ravi@example.com",
  first_name: "Ravi",
  last_name: "Menon",
  role: "customer",
  last_seen_at: null,
  order_count: 2,
});

function renderPeople(
  path = "/staff/people",
  list: StaffPerson[] | (() => StaffPerson[]) = [makePerson(), ravi],
  handler: Handler = () => undefined,
) {
  stubBrowserApis();
  const read = typeof list === "function" ? list : () => list;
  const calls = stubFetch((url, init) => {
    const answer = handler(url, init);
    if (answer) return answer;
    if (url.includes("/api/staff/people/?")) return { status: 200, body: page(read()) };
    return { status: 404, body: { detail: "Not found." } };
  });
  const utils = renderRoutes([{ path: "/staff/people", element: <PeopleScreen /> }], path);
  return { ...utils, calls };
}

const listCalls = (calls: { url: string }[]) =>
  calls.filter((c) => c.url.includes("/api/staff/people/?")).map((c) => new URL(c.url, "http://x"));
const sent = (calls: { url: string; init: RequestInit }[], method: string) => calls.filter((c) => c.init.method === method);

describe("people", () => {
  beforeEach(() => localStorage.setItem("authToken", "tok"));

  it("lists accounts with their role, activity and orders", async () => {
    const { calls } = renderPeople();
    const [priya, customer] = await screen.findAllByTestId("person");
    expect(within(priya!).getByRole("heading", { name: "Priya Shah" })).toBeInTheDocument();
    expect(within(priya!).getByText("priya@example.com")).toBeInTheDocument();
    expect(within(priya!).getByRole("combobox", { name: "Role of Priya Shah" })).toHaveValue("staff");
    expect(priya).toHaveTextContent(/last seen 3 hours ago/);
    expect(customer).toHaveTextContent(/never signed in · 2 orders/);
    expect(listCalls(calls)[0]!.searchParams.get("page")).toBe("1");
  });

  it("keeps the search and the role filter in the address and sends them", async () => {
    const { router, calls } = renderPeople();
    await screen.findByRole("heading", { name: "Priya Shah" });
    await userEvent.type(screen.getByRole("searchbox", { name: "Search people" }), "priya");
    await waitFor(() => expect(router.state.location.search).toBe("?search=priya"));
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Role" }), "admin");
    await waitFor(() => expect(router.state.location.search).toBe("?search=priya&role=admin"));
    await waitFor(() => expect(listCalls(calls).at(-1)!.searchParams.get("role")).toBe("admin"));
    expect(listCalls(calls).at(-1)!.searchParams.get("search")).toBe("priya");
  });

  it("invites a staff member and says the e-mail is on its way", async () => {
    const { calls } = renderPeople("/staff/people", [makePerson()], (url, init) =>
      url.endsWith("/api/staff/people/") && init.method === "POST"
        ? { status: 201, body: makePerson({ id: "c", email: "lena@example.com", first_name: "Lena", last_name: "", last_seen_at: null }) }
        : undefined,
    );
    await screen.findByRole("heading", { name: "Priya Shah" });
    await userEvent.click(screen.getByRole("button", { name: "Invite staff" }));
    const dialog = await screen.findByRole("dialog", { name: "Invite a team member" });
    await userEvent.type(within(dialog).getByLabelText(/^Email/), "lena@example.com");
    await userEvent.type(within(dialog).getByLabelText(/^First name/), "Lena");
    await userEvent.click(within(dialog).getByRole("radio", { name: "Admin" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    expect(await screen.findByText("Invitation sent")).toBeInTheDocument();
    expect(sentBody(sent(calls, "POST")[0])).toEqual({ email: "lena@example.com", first_name: "Lena", last_name: "", role: "admin" });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("sends one invitation however often it is clicked while sending, and says why the server refused it", async () => {
    const { calls } = renderPeople("/staff/people", [makePerson()], (url, init) =>
      init.method === "POST" ? { status: 403, body: { detail: "Only an administrator can invite." } } : undefined,
    );
    const release = holdFetch((url) => url.endsWith("/api/staff/people/"));
    await screen.findByRole("heading", { name: "Priya Shah" });
    await userEvent.click(screen.getByRole("button", { name: "Invite staff" }));
    const dialog = await screen.findByRole("dialog", { name: "Invite a team member" });
    expect(within(dialog).getByRole("radiogroup")).toHaveAccessibleDescription(/./);
    await userEvent.type(within(dialog).getByLabelText(/^Email/), "lena@example.com");
    await userEvent.type(within(dialog).getByLabelText(/^First name/), "Lena");
    const submit = within(dialog).getByRole("button", { name: "Send invitation" });
    await userEvent.click(submit);
    await waitFor(() => expect(submit).toBeDisabled());
    await userEvent.click(submit);
    release();
    expect(await within(dialog).findByText("Only an administrator can invite.")).toBeInTheDocument();
    expect(sent(calls, "POST")).toHaveLength(1);
  });

  it("checks the form before sending and shows the server's field errors on the fields", async () => {
    const { calls } = renderPeople("/staff/people", [makePerson()], (url, init) =>
      init.method === "POST" ? { status: 400, body: { email: ["A user with that email already exists."] } } : undefined,
    );
    await screen.findByRole("heading", { name: "Priya Shah" });
    await userEvent.click(screen.getByRole("button", { name: "Invite staff" }));
    const dialog = await screen.findByRole("dialog", { name: "Invite a team member" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    expect(within(dialog).getByLabelText(/^Email/)).toHaveAccessibleDescription("This field is required.");
    expect(within(dialog).getByLabelText(/^First name/)).toHaveAccessibleDescription("This field is required.");
    expect(sent(calls, "POST")).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText(/^Email/), "priya@example.com");
    await userEvent.type(within(dialog).getByLabelText(/^First name/), "Priya");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^Email/)).toHaveAccessibleDescription("A user with that email already exists."),
    );
    expect(within(dialog).getByLabelText(/^Email/)).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it("changes a role after a confirmation", async () => {
    let role: StaffPerson["role"] = "staff";
    const { calls } = renderPeople(
      "/staff/people",
      () => [makePerson({ role })],
      (url, init) => {
        if (init.method !== "PATCH") return undefined;
        role = (sentBody({ init }) as { role: StaffPerson["role"] }).role;
        return { status: 200, body: makePerson({ role }) };
      },
    );
    await userEvent.selectOptions(await screen.findByRole("combobox", { name: "Role of Priya Shah" }), "admin");
    const confirm = await screen.findByRole("alertdialog", { name: "Change Priya Shah's role to Admin?" });
    await userEvent.click(within(confirm).getByRole("button", { name: "Make admin" }));
    expect(await screen.findByText("Role changed")).toBeInTheDocument();
    const patch = sent(calls, "PATCH")[0]!;
    expect(patch.url).toContain("/api/staff/people/aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa/");
    expect(sentBody(patch)).toEqual({ role: "admin" });
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Role of Priya Shah" })).toHaveValue("admin"));
  });

  it("puts the role back when the change is cancelled", async () => {
    const { calls } = renderPeople();
    await userEvent.selectOptions(await screen.findByRole("combobox", { name: "Role of Priya Shah" }), "customer");
    const confirm = await screen.findByRole("alertdialog");
    await userEvent.click(within(confirm).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Role of Priya Shah" })).toHaveValue("staff"));
    expect(sent(calls, "PATCH")).toHaveLength(0);
  });

  it("deactivates an account after a confirmation", async () => {
    let active = true;
    const { calls } = renderPeople(
      "/staff/people",
      () => [makePerson({ is_active: active })],
      (_url, init) => {
        if (init.method !== "PATCH") return undefined;
        active = false;
        return { status: 200, body: makePerson({ is_active: false }) };
      },
    );
    await userEvent.click(await screen.findByRole("button", { name: "Deactivate Priya Shah" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Deactivate Priya Shah?" });
    expect(confirm).toHaveTextContent("signed out everywhere");
    await userEvent.click(within(confirm).getByRole("button", { name: "Deactivate account" }));
    expect(await screen.findByText("Account deactivated")).toBeInTheDocument();
    expect(sentBody(sent(calls, "PATCH")[0])).toEqual({ is_active: false });
    expect(await screen.findByText("Deactivated")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Reactivate Priya Shah" })).toBeInTheDocument();
  });

  it("shows a refusal (409) in the confirmation", async () => {
    renderPeople("/staff/people", [makePerson({ role: "admin" })], (_url, init) =>
      init.method === "PATCH"
        ? {
            status: 409,
            body: { detail: "priya@example.com is the last active administrator: make another account an administrator first." },
          }
        : undefined,
    );
    await userEvent.selectOptions(await screen.findByRole("combobox", { name: "Role of Priya Shah" }), "staff");
    const confirm = await screen.findByRole("alertdialog");
    await userEvent.click(within(confirm).getByRole("button", { name: "Make staff" }));
    expect(await within(confirm).findByRole("alert")).toHaveTextContent("is the last active administrator");
  });

  it("offers a retry when the list fails", async () => {
    let fail = true;
    stubFetch(() => (fail ? { status: 500, body: { detail: "Server error." } } : { status: 200, body: page([makePerson()]) }));
    renderRoutes([{ path: "/staff/people", element: <PeopleScreen /> }], "/staff/people");
    expect(await screen.findByText("The accounts could not be loaded. Please try again.")).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByRole("heading", { name: "Priya Shah" })).toBeInTheDocument();
  });
});
