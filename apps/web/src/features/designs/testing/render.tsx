import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider, type InitialEntry } from "react-router";
import { vi } from "vitest";
import { Toaster } from "@/components/ui/toaster";

/** Radix measures some controls; jsdom has no ResizeObserver. */
export function stubBrowserApis() {
  if (!("ResizeObserver" in window)) {
    vi.stubGlobal(
      "ResizeObserver",
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  }
  if (typeof URL.createObjectURL !== "function") {
    URL.createObjectURL = vi.fn(() => "blob:preview");
    URL.revokeObjectURL = vi.fn();
  }
}

/** Renders `ui` at `path` inside a router (with a stub for every other path), a fresh query client and the toaster. */
export function renderWithProviders(ui: ReactNode, { path = "/", entry = path }: { path?: string; entry?: InitialEntry } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path, element: ui },
      { path: "*", element: <p data-testid="elsewhere">elsewhere</p> },
    ],
    { initialEntries: [entry] },
  );
  const result = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, router, client };
}

/** A `fetch` stub answering JSON by method and path; unknown calls fail the test loudly. */
export function stubFetch(handler: (method: string, path: string, body: unknown) => { status: number; body?: unknown }) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.toString() : input.url;
    const method = init?.method ?? "GET";
    const body = typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : init?.body;
    calls.push({ method, path: url, body });
    const res = handler(method, url, body);
    return Promise.resolve(new Response(res.body === undefined ? null : JSON.stringify(res.body), { status: res.status, headers: { "Content-Type": "application/json" } }));
  });
  vi.stubGlobal("fetch", fetchMock);
  return calls;
}
