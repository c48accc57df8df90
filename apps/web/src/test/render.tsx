import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider, type RouteObject } from "react-router";
import { Toaster } from "@/components/ui/toaster";

/** Renders routes in a memory router with a fresh query client and the toaster, as the app does. */
export function renderRoutes(routes: RouteObject[], initialPath: string, client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const utils = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...utils, router };
}

export function page(path: string, element: ReactNode): RouteObject {
  return { path, element };
}

/** A fetch stub answering JSON; records the calls. */
export function stubFetch(handler: (url: string, init: RequestInit) => { status: number; body?: unknown }) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchMock = (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    calls.push({ url, init });
    const { status, body } = handler(url, init);
    return Promise.resolve(new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));
  };
  globalThis.fetch = fetchMock;
  return calls;
}

/**
 * Holds the (stubbed) calls whose URL matches until `release()` is called, so a test can see a
 * screen while it saves. Call after stubFetch.
 */
export function holdFetch(match: (url: string) => boolean): () => void {
  const stubbed = globalThis.fetch;
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (match(url)) await gate;
    return stubbed(input, init);
  };
  return release;
}

/** Radix measures some controls; jsdom has no ResizeObserver. */
export function stubBrowserApis() {
  if (!("ResizeObserver" in window)) {
    globalThis.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
}

/** The JSON body a recorded call sent. */
export function sentBody(call: { init: RequestInit } | undefined): unknown {
  return typeof call?.init.body === "string" ? JSON.parse(call.init.body) : undefined;
}
