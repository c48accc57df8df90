import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Link } from "react-router";
import { describe, expect, it } from "vitest";
import { SearchField } from "@/components/ui/search-field";
import { renderRoutes } from "@/test/render";
import { useListParams, type ListFilter } from "./use-list-params";

const FILTERS = { state: { values: ["open", "handled", "all"], default: "open" } satisfies ListFilter };

function List() {
  const { search, page, filters, update } = useListParams(FILTERS);
  return (
    <div>
      <p data-testid="params">{JSON.stringify({ search, page, state: filters.state })}</p>
      <SearchField value={search} onSearch={(value) => update({ search: value })} label="Search" />
      <button type="button" onClick={() => update({ filters: { state: "all" } })}>
        All
      </button>
      <button type="button" onClick={() => update({ page: 3 })}>
        Page 3
      </button>
      <Link to="/elsewhere">Elsewhere</Link>
    </div>
  );
}

const shown = () => JSON.parse(screen.getByTestId("params").textContent ?? "{}") as unknown;

describe("list params", () => {
  it("reads the address, unknown values as the default, and starts again on page 1 after a change", async () => {
    const { router } = renderRoutes([{ path: "/list", element: <List /> }], "/list?state=bogus&page=2&search=ring");
    expect(shown()).toEqual({ search: "ring", page: 2, state: "open" });
    await userEvent.click(screen.getByRole("button", { name: "All" }));
    await waitFor(() => expect(router.state.location.search).toBe("?state=all&search=ring"));
    expect(shown()).toEqual({ search: "ring", page: 1, state: "all" });
    await userEvent.click(screen.getByRole("button", { name: "Page 3" }));
    await waitFor(() => expect(shown()).toEqual({ search: "ring", page: 3, state: "all" }));
  });

  it("does not carry a late search to the page being opened", async () => {
    const { router } = renderRoutes(
      [
        { path: "/list", element: <List /> },
        // A page whose code is still loading when the search's pause ends.
        { path: "/elsewhere", lazy: () => new Promise(() => undefined) },
      ],
      "/list",
    );
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole("searchbox", { name: "Search" }), "ring");
    await user.click(screen.getByRole("link", { name: "Elsewhere" }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(router.state.navigation.location?.pathname).toBe("/elsewhere");
    expect(router.state.location.search).toBe("");
  });
});
