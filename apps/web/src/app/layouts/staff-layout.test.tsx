import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoutes, stubBrowserApis, stubFetch } from "@/test/render";
import StaffLayout from "./staff-layout";

const base = {
  id: "u1",
  first_name: "Ines",
  last_name: "Moreau",
  username: "ines",
  email: "ines@example.com",
  date_joined: "2026-01-01T00:00:00Z",
  profile: { company_name: "", phone_number: "", address: "" },
};

function renderConsole(role: "customer" | "staff" | "admin" | null, path = "/staff") {
  stubBrowserApis();
  if (role) localStorage.setItem("authToken", "tok");
  stubFetch((url) =>
    url.endsWith("/api/auth/user/") ? { status: 200, body: { ...base, role } } : { status: 404, body: { detail: "Not found." } },
  );
  return renderRoutes(
    [
      {
        path: "/staff",
        element: <StaffLayout />,
        children: [
          { index: true, element: <h1>Queue screen</h1> },
          { path: "/staff/pricing", element: <h1>Pricing screen</h1> },
          { path: "/staff/jobs", element: <h1>Jobs screen</h1> },
        ],
      },
      { path: "/login", element: <p>login page</p> },
    ],
    path,
  );
}

describe("staff console frame", () => {
  it("shows a customer the 404 page, not the console", async () => {
    renderConsole("customer");
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeInTheDocument();
    expect(screen.queryByText("Queue screen")).not.toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Staff console" })).not.toBeInTheDocument();
  });

  it("sends an anonymous visitor to the login page", async () => {
    const { router } = renderConsole(null);
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
  });

  it("gives staff the queue and the everyday screens, without the admin ones", async () => {
    renderConsole("staff");
    expect(await screen.findByRole("heading", { name: "Queue screen" })).toBeInTheDocument();
    const nav = screen.getByRole("navigation", { name: "Staff console" });
    expect(
      within(nav)
        .getAllByRole("link")
        .map((a) => a.textContent),
    ).toEqual(["Queue", "Messages", "Leads", "Payments", "Gallery"]);
    expect(screen.getAllByRole("link", { name: /Customer dashboard/ })[0]).toHaveAttribute("href", "/dashboard");
  });

  it("shows staff the 404 page on an admin-only screen", async () => {
    renderConsole("staff", "/staff/pricing");
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeInTheDocument();
    expect(screen.queryByText("Pricing screen")).not.toBeInTheDocument();
  });

  it("gives admins the administration screens", async () => {
    renderConsole("admin", "/staff/pricing");
    expect(await screen.findByRole("heading", { name: "Pricing screen" })).toBeInTheDocument();
    const nav = screen.getByRole("navigation", { name: "Staff console" });
    expect(
      within(nav)
        .getAllByRole("link")
        .map((a) => a.textContent),
    ).toEqual(["Queue", "Messages", "Leads", "Payments", "Gallery", "Pricing", "People", "Audit log", "Invoices", "Background jobs"]);
  });

  it("shows staff the 404 page on the background jobs screen", async () => {
    renderConsole("staff", "/staff/jobs");
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeInTheDocument();
    expect(screen.queryByText("Jobs screen")).not.toBeInTheDocument();
  });
});
