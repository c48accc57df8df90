import type { Address } from "@atelier/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { page, renderRoutes, sentBody, stubBrowserApis, stubFetch } from "@/test/render";
import { AddressesSection } from "./addresses-section";

const home: Address = {
  id: "a1",
  name: "Asha Rao",
  phone: "+91 98200 12345",
  line1: "12 MG Road",
  line2: "Flat 4B",
  city: "Pune",
  state: "Maharashtra",
  postal_code: "411001",
  country: "IN",
  is_default_delivery: true,
  is_default_billing: true,
  created_at: "2026-11-01T10:00:00Z",
  updated_at: "2026-11-01T10:00:00Z",
};
const office: Address = {
  ...home,
  id: "a2",
  name: "Asha Rao",
  phone: "+44 20 7946 0958",
  line1: "221B Baker Street",
  line2: "",
  city: "London",
  state: "",
  postal_code: "NW1 6XE",
  country: "GB",
  is_default_delivery: false,
  is_default_billing: false,
};

beforeEach(() => {
  stubBrowserApis();
  localStorage.setItem("authToken", "tok");
});

const show = () => renderRoutes([page("/dashboard/profile", <AddressesSection />)], "/dashboard/profile");

describe("Profile: addresses", () => {
  it("starts empty, adds an address, and puts the server's per-country messages under the fields", async () => {
    let saved: Address[] = [];
    let answer: { status: number; body: unknown } = { status: 400, body: { postal_code: ["Enter a 6-digit PIN code, for example 400001."] } };
    const calls = stubFetch((_url, init) => {
      if (init.method === "POST") {
        if (answer.status === 201) saved = [home];
        return answer;
      }
      return { status: 200, body: saved };
    });
    show();
    expect(await screen.findByText("No addresses yet")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Add address" }));
    const form = await screen.findByRole("form", { name: "New address" });
    await userEvent.type(within(form).getByLabelText(/^Full name/), "Asha Rao");
    await userEvent.type(within(form).getByLabelText(/^Phone/), "98200 12345");
    await userEvent.type(within(form).getByLabelText(/^Address line 1/), "12 MG Road");
    await userEvent.type(within(form).getByLabelText(/^City/), "Pune");
    await userEvent.type(within(form).getByLabelText(/^PIN code/), "4110");
    await userEvent.selectOptions(within(form).getByLabelText(/^State or union territory/), "Maharashtra");
    await userEvent.click(within(form).getByRole("button", { name: "Save address" }));

    const pin = await within(form).findByLabelText(/^PIN code/);
    await waitFor(() => expect(pin).toHaveAccessibleDescription("Enter a 6-digit PIN code, for example 400001."));
    expect(pin).toHaveFocus();
    expect(sentBody(calls.find((c) => c.init.method === "POST"))).toEqual({
      name: "Asha Rao",
      phone: "98200 12345",
      line1: "12 MG Road",
      line2: "",
      city: "Pune",
      state: "Maharashtra",
      postal_code: "4110",
      country: "IN",
      is_default_delivery: false,
      is_default_billing: false,
    });

    answer = { status: 201, body: home };
    await userEvent.clear(pin);
    await userEvent.type(pin, "411001");
    await userEvent.click(within(form).getByRole("button", { name: "Save address" }));
    expect(await screen.findByText("Address added")).toBeInTheDocument();
    const card = await screen.findByTestId("saved-address");
    expect(card).toHaveTextContent("12 MG Road");
    expect(card).toHaveTextContent("Pune 411001, Maharashtra");
    expect(within(card).getByText("Default delivery")).toBeInTheDocument();
    expect(screen.queryByRole("form", { name: "New address" })).not.toBeInTheDocument();
  });

  it("makes another address the default and deletes one behind a confirmation", async () => {
    let list = [home, office];
    const calls = stubFetch((url, init) => {
      if (init.method === "PUT") {
        list = [{ ...office, is_default_delivery: true }, { ...home, is_default_delivery: false }];
        return { status: 200, body: list[0] };
      }
      if (init.method === "DELETE") {
        list = list.filter((a) => !url.includes(a.id));
        return { status: 204 };
      }
      return { status: 200, body: list };
    });
    show();
    const cards = await screen.findAllByTestId("saved-address");
    expect(cards).toHaveLength(2);
    await userEvent.click(within(cards[1]!).getByRole("button", { name: "Make default delivery" }));
    expect(await screen.findByText("Default delivery address set")).toBeInTheDocument();
    const put = calls.find((c) => c.init.method === "PUT");
    expect(put?.url).toBe("/api/addresses/a2/");
    expect(sentBody(put)).toMatchObject({ line1: "221B Baker Street", country: "GB", is_default_delivery: true, is_default_billing: false });
    await waitFor(() => expect(within(screen.getAllByTestId("saved-address")[0]!).getByText("Default delivery")).toBeInTheDocument());

    await userEvent.click(screen.getByRole("button", { name: "Delete the address of Asha Rao, 12 MG Road" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete this address?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete address" }));
    expect(await screen.findByText("Address deleted")).toBeInTheDocument();
    expect(calls.filter((c) => c.init.method === "DELETE").map((c) => c.url)).toEqual(["/api/addresses/a1/"]);
    await waitFor(() => expect(screen.getAllByTestId("saved-address")).toHaveLength(1));
  });

  it("says when the addresses cannot be loaded, and tries again", async () => {
    let fail = true;
    stubFetch(() => (fail ? { status: 500, body: { detail: "Server error." } } : { status: 200, body: [home] }));
    show();
    expect(await screen.findByText("Failed to load your addresses. Please try again.")).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByTestId("saved-address")).toHaveTextContent("Asha Rao");
  });
});
