import { useCallback } from "react";
import { useLocation, useNavigation, useSearchParams } from "react-router";

/** A filter kept in the address: its values and the one meaning "no filter" (left out of the address). */
export interface ListFilter<V extends string = string> {
  values: readonly V[];
  default: V;
}

type Filters = Record<string, ListFilter>;
type FilterValues<F extends Filters> = { [K in keyof F]: F[K]["values"][number] };

export interface ListParamsChange<F extends Filters> {
  search?: string;
  page?: number;
  filters?: Partial<FilterValues<F>>;
}

export function pageFrom(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 1;
}

/**
 * A list's search, page and filters, kept in the address so that Back, reloads and shared links
 * show the same view. Changing the search or a filter starts again on page 1; values that are
 * unknown (an edited address) read as the filter's default. `filters` is a module constant.
 */
export function useListParams<F extends Filters>(filters: F) {
  const [params, setParams] = useSearchParams();
  // While another page loads (a link was followed), a late search from this one must not follow it there.
  const location = useLocation();
  const navigation = useNavigation();
  const leaving = navigation.state !== "idle" && navigation.location?.pathname !== location.pathname;
  const search = params.get("search")?.trim() ?? "";
  const page = pageFrom(params.get("page"));
  const values = {} as Record<string, string>;
  for (const [key, filter] of Object.entries(filters)) {
    const value = params.get(key);
    values[key] = value !== null && filter.values.includes(value) ? value : filter.default;
  }

  const update = useCallback(
    (change: ListParamsChange<F>) => {
      if (leaving) return;
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (change.search !== undefined) {
          if (change.search.trim()) next.set("search", change.search.trim());
          else next.delete("search");
        }
        for (const [key, value] of Object.entries(change.filters ?? {})) {
          if (value === undefined) continue;
          if (value === filters[key]?.default) next.delete(key);
          else next.set(key, value as string);
        }
        if (change.page !== undefined && change.page > 1) next.set("page", String(change.page));
        else next.delete("page");
        return next;
      });
    },
    [setParams, filters, leaving],
  );

  return { search, page, filters: values as FilterValues<F>, update };
}
