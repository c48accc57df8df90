import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { page, renderRoutes, stubFetch } from "@/test/render";
import { makeDesign } from "../testing/fixtures";
import { RecentDesigns } from "./recent-designs";

describe("RecentDesigns", () => {
  it("shows the count and the three newest designs, linked to their details", async () => {
    localStorage.setItem("authToken", "tok");
    const results = ["Aurora", "Lumen", "Solace", "Ember"].map((name, i) => makeDesign({ id: `d${i}`, name }));
    stubFetch(() => ({ status: 200, body: { count: 12, next: "/api/designs/?page=2", previous: null, results } }));
    renderRoutes([page("/dashboard", <RecentDesigns />)], "/dashboard");
    expect(await screen.findByRole("heading", { name: "12 designs" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Aurora" })).toHaveAttribute("href", "/dashboard/designs/d0");
    expect(screen.getByRole("link", { name: "Solace" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Ember" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: /View all/ })).toHaveAttribute("href", "/dashboard/designs");
  });

  it("invites a first design when there is none", async () => {
    localStorage.setItem("authToken", "tok");
    stubFetch(() => ({ status: 200, body: { count: 0, next: null, previous: null, results: [] } }));
    renderRoutes([page("/dashboard", <RecentDesigns />)], "/dashboard");
    expect(await screen.findByText(/No designs yet/)).toBeInTheDocument();
  });
});
