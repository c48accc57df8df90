import { PAGE_SIZE, type Paginated } from "@atelier/contract";
import { NotFoundError } from "./errors.ts";

/** Offset for `?page=n`; a page past the end (other than an empty first page) is a 404 "Invalid page.". */
export function pageWindow(page: number, pageSize = PAGE_SIZE) {
  return { limit: pageSize, offset: (page - 1) * pageSize };
}

export function toPage<T>(
  results: T[],
  count: number,
  page: number,
  baseUrl: string,
  pageSize = PAGE_SIZE,
): Paginated<T> {
  const pages = Math.max(1, Math.ceil(count / pageSize));
  if (page > pages) throw new NotFoundError("Invalid page.");
  const link = (p: number) => {
    const url = new URL(baseUrl);
    url.searchParams.set("page", String(p));
    return url.toString();
  };
  return {
    count,
    next: page < pages ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
    results,
  };
}
