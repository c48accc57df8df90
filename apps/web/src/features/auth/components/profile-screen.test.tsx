import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { page, renderRoutes, sentBody, stubBrowserApis, stubFetch } from "@/test/render";
import { ProfileScreen } from "./profile-screen";

const user = {
  id: "u1",
  first_name: "Meera",
  last_name: "Iyer",
  username: "meera",
  email: "meera@example.com",
  date_joined: "2026-01-01T00:00:00Z",
  role: "customer",
  profile: { company_name: "", phone_number: "", address: "12 MG Road" },
};

beforeEach(() => {
  stubBrowserApis();
  localStorage.setItem("authToken", "tok");
});

describe("profile: account information", () => {
  it("sends the names and the profile, trimmed, and puts the server's field errors on the fields", async () => {
    let answer: { status: number; body: unknown } = { status: 400, body: { "profile.phone_number": ["Ensure this field has no more than 40 characters."] } };
    const calls = stubFetch((_url, init) => (init.method === "PATCH" ? answer : { status: 200, body: user }));
    renderRoutes([page("/dashboard/profile", <ProfileScreen />)], "/dashboard/profile");
    expect(await screen.findByLabelText("First name")).toHaveValue("Meera");
    expect(screen.getByLabelText("Address")).toHaveValue("12 MG Road");
    await userEvent.clear(screen.getByLabelText("Last name"));
    await userEvent.type(screen.getByLabelText("Last name"), " Rao ");
    await userEvent.type(screen.getByLabelText("Phone"), "+91 98450 12345");
    await userEvent.click(screen.getByRole("button", { name: "Save Changes" }));

    expect(await screen.findByText("Update failed")).toBeInTheDocument();
    const phone = screen.getByLabelText("Phone");
    expect(phone).toHaveAccessibleDescription("Ensure this field has no more than 40 characters.");
    expect(phone).toHaveFocus();
    expect(sentBody(calls.find((c) => c.init.method === "PATCH"))).toEqual({
      first_name: "Meera",
      last_name: "Rao",
      profile: { phone_number: "+91 98450 12345", company_name: "", address: "12 MG Road" },
    });

    answer = { status: 200, body: { ...user, last_name: "Rao" } };
    await userEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Profile updated")).toBeInTheDocument();
    expect(screen.queryByText("Ensure this field has no more than 40 characters.")).not.toBeInTheDocument();
  });
});

describe("profile: security", () => {
  async function openSecurity() {
    renderRoutes([page("/dashboard/profile", <ProfileScreen />)], "/dashboard/profile");
    await userEvent.click(await screen.findByRole("tab", { name: "Security" }));
  }

  it("refuses a confirmation that differs, with the spec's toast, without calling the server", async () => {
    const calls = stubFetch(() => ({ status: 200, body: user }));
    await openSecurity();
    await userEvent.type(screen.getByLabelText(/^Current password/), "Old-Password-1");
    await userEvent.type(screen.getByLabelText(/^New password/), "Opal-Harbour-19");
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), "Opal-Harbour-18");
    await userEvent.click(screen.getByRole("button", { name: "Update Password" }));
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(screen.getByText("New password and confirmation must match.")).toBeInTheDocument();
    expect(calls.filter((c) => c.init.method === "POST")).toHaveLength(0);
  });

  it("shows the server's field errors, then clears the fields once the password is changed", async () => {
    let answer: { status: number; body: unknown } = { status: 400, body: { old_password: ["Your old password was entered incorrectly. Please enter it again."] } };
    stubFetch((_url, init) => (init.method === "POST" ? answer : { status: 200, body: user }));
    await openSecurity();
    await userEvent.type(screen.getByLabelText(/^Current password/), "Wrong-Password-1");
    await userEvent.type(screen.getByLabelText(/^New password/), "Opal-Harbour-19");
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), "Opal-Harbour-19");
    await userEvent.click(screen.getByRole("button", { name: "Update Password" }));
    expect(await screen.findByText("Password change failed")).toBeInTheDocument();
    expect(screen.getByLabelText(/^Current password/)).toHaveAccessibleDescription("Your old password was entered incorrectly. Please enter it again.");
    expect(screen.getByLabelText(/^Current password/)).toHaveFocus();

    answer = { status: 200, body: { detail: "Password changed." } };
    await userEvent.click(screen.getByRole("button", { name: "Update Password" }));
    expect(await screen.findByText("Password updated")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^New password/)).toHaveValue(""));
    expect(screen.getByLabelText(/^Current password/)).toHaveValue("");
  });
});
