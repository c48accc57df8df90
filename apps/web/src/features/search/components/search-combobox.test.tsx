import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { page, renderRoutes, stubBrowserApis, stubFetch } from "@/test/render";
import { SearchCombobox } from "./search-combobox";
import { SearchResultsScreen } from "./search-results-screen";

beforeEach(() => {
  stubBrowserApis();
  localStorage.setItem("authToken", "tok");
});

const answer = {
  query: "ring",
  groups: [
    {
      kind: "order",
      label: "Orders",
      results: [{ kind: "order", id: "o1", title: "JW-2026-000123", subtitle: "Eternity ring · Quoted", href: "/dashboard/orders/o1" }],
    },
    {
      kind: "design",
      label: "Designs",
      results: [
        { kind: "design", id: "d1", title: "Eternity ring", subtitle: "Ring · Platinum", href: "/dashboard/designs/d1" },
        { kind: "design", id: "d2", title: "Signet ring", subtitle: "Ring · 18K Yellow Gold", href: "/dashboard/designs/d2" },
      ],
    },
  ],
};

function renderBox() {
  return renderRoutes(
    [
      page(
        "/dashboard",
        <SearchCombobox
          label="Search designs and orders"
          placeholder="Search designs, orders..."
          resultsHref={(q) => `/dashboard/search?q=${encodeURIComponent(q)}`}
        />,
      ),
      page("/dashboard/orders/:id", <p>order page</p>),
      page("/dashboard/designs/:id", <p>design page</p>),
      page("/dashboard/search", <p>results page</p>),
    ],
    "/dashboard",
  );
}

describe("SearchCombobox", () => {
  it("searches once after a pause in typing and lists the results grouped, as a combobox", async () => {
    const calls = stubFetch(() => ({ status: 200, body: answer }));
    const user = userEvent.setup();
    renderBox();
    const box = screen.getByRole("combobox", { name: "Search designs and orders" });
    expect(box).toHaveAttribute("aria-expanded", "false");
    await user.type(box, "ring");
    expect(await screen.findByRole("option", { name: /Platinum/ })).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toEqual(["/api/search/?q=ring&limit=5"]);
    expect(box).toHaveAttribute("aria-expanded", "true");
    const listbox = screen.getByRole("listbox");
    expect(box).toHaveAttribute("aria-controls", listbox.id);
    expect(screen.getByRole("group", { name: "Orders" })).toBeInTheDocument();
    expect(screen.getByRole("group", { name: "Designs" })).toBeInTheDocument();
    expect(screen.getAllByRole("option")).toHaveLength(4);
    expect(screen.getByRole("option", { name: "See all results for “ring”" })).toBeInTheDocument();
  });

  it("moves with the arrows (aria-activedescendant) and opens the highlighted result with Enter", async () => {
    stubFetch(() => ({ status: 200, body: answer }));
    const user = userEvent.setup();
    const { router } = renderBox();
    const box = screen.getByRole("combobox");
    await user.type(box, "ring");
    await screen.findAllByRole("option");
    await user.keyboard("{ArrowDown}{ArrowDown}");
    const second = screen.getAllByRole("option")[1]!;
    expect(box).toHaveAttribute("aria-activedescendant", second.id);
    expect(second).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{ArrowUp}{ArrowUp}");
    expect(box).toHaveAttribute("aria-activedescendant", screen.getAllByRole("option")[3]!.id);
    await user.keyboard("{ArrowDown}{ArrowDown}");
    await user.keyboard("{Enter}");
    expect(router.state.location.pathname).toBe("/dashboard/designs/d1");
  });

  it("goes to the results page with Enter when nothing is highlighted; Escape closes, then clears", async () => {
    stubFetch(() => ({ status: 200, body: answer }));
    const user = userEvent.setup();
    const { router } = renderBox();
    const box = screen.getByRole("combobox");
    await user.type(box, "ring");
    await screen.findAllByRole("option");
    await user.keyboard("{Escape}");
    expect(box).toHaveAttribute("aria-expanded", "false");
    expect(box).toHaveValue("ring");
    await user.keyboard("{Escape}");
    expect(box).toHaveValue("");
    await user.type(box, "gold ring{Enter}");
    expect(router.state.location.pathname).toBe("/dashboard/search");
    expect(router.state.location.search).toBe("?q=gold%20ring");
  });

  it("opens a result on click, and says when nothing matches", async () => {
    stubFetch((url) => ({ status: 200, body: url.includes("zzz") ? { query: "zzz", groups: [] } : answer }));
    const user = userEvent.setup();
    const { router } = renderBox();
    const box = screen.getByRole("combobox");
    await user.type(box, "zzz");
    expect(await screen.findByText("No results for “zzz”.")).toBeInTheDocument();
    await user.clear(box);
    await user.type(box, "ring");
    await user.click(await screen.findByRole("option", { name: /JW-2026-000123/ }));
    expect(router.state.location.pathname).toBe("/dashboard/orders/o1");
  });
});

describe("SearchResultsScreen", () => {
  it("shows every group with links, the empty state and the error with retry", async () => {
    let fail = false;
    const calls = stubFetch((url) =>
      fail ? { status: 500, body: { detail: "x" } } : { status: 200, body: url.includes("zzz") ? { query: "zzz", groups: [] } : answer },
    );
    renderRoutes([page("/dashboard/search", <SearchResultsScreen scopeText="Your designs and orders." />)], "/dashboard/search?q=ring");
    expect(await screen.findByRole("heading", { name: "Results for “ring”" })).toBeInTheDocument();
    expect(calls[0]!.url).toBe("/api/search/?q=ring&limit=20");
    expect(await screen.findByRole("link", { name: /Signet ring/ })).toHaveAttribute("href", "/dashboard/designs/d2");
    expect(screen.getByRole("heading", { name: /Designs/ })).toHaveTextContent("Designs (2)");

    fail = true;
    const user = userEvent.setup();
    await user.clear(screen.getByRole("searchbox", { name: "Search again" }));
    await user.type(screen.getByRole("searchbox", { name: "Search again" }), "broken{Enter}");
    expect(await screen.findByText("Search failed. Please try again.")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try Again" }));
    await waitFor(() => expect(screen.queryByText("Search failed. Please try again.")).not.toBeInTheDocument());
  });
});
