import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { stubFetch } from "@/test/render";
import { LIVE_RETRY_MS, useLiveEvents } from "./live-events";

/** Stands in for the browser's EventSource: the test opens, fails and feeds it. */
class FakeEventSource {
  static instances: FakeEventSource[] = [];
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  private listeners = new Map<string, ((e: MessageEvent) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, fn: (e: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, id: string, data: unknown = {}) {
    const event = new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id });
    for (const fn of this.listeners.get(type) ?? []) fn(event);
  }
}

let tickets = 0;
let calls: ReturnType<typeof stubFetch>;
let client: QueryClient;

function mount(enabled = true) {
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(({ on }: { on: boolean }) => useLiveEvents(on), { wrapper, initialProps: { on: enabled } });
}

const latest = () => FakeEventSource.instances.at(-1)!;

beforeEach(() => {
  FakeEventSource.instances = [];
  tickets = 0;
  vi.stubGlobal("EventSource", FakeEventSource);
  localStorage.setItem("authToken", "tok");
  client = new QueryClient();
  calls = stubFetch((url) => {
    if (url === "/api/events/ticket/") {
      tickets += 1;
      return { status: 201, body: { ticket: `t${tickets}`, expires_at: new Date().toISOString() } };
    }
    return { status: 404, body: { detail: "Not found." } };
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("useLiveEvents", () => {
  it("opens one stream with a ticket and refreshes the queries each kind of event names", async () => {
    const spy = vi.spyOn(client, "invalidateQueries");
    mount();
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    expect(calls[0]).toMatchObject({ url: "/api/events/ticket/", init: { method: "POST" } });
    expect(latest().url).toBe("/api/events/?ticket=t1");

    const keys = () => spy.mock.calls.map(([filters]) => (filters?.queryKey as string[])[0]);
    act(() => latest().emit("message", "1", { order_id: "o1" }));
    expect(keys()).toEqual(["messages", "support", "orders"]);
    spy.mockClear();
    act(() => latest().emit("notification", "2", { unread_count: 3 }));
    expect(keys()).toEqual(["notifications", "dashboard-data"]);
    spy.mockClear();
    act(() => latest().emit("order", "3", { order_id: "o1", status: "quoted" }));
    expect(keys()).toEqual(["orders", "quotes", "dashboard-data", "designs", "staff-queue"]);
    spy.mockClear();
    act(() => latest().emit("unread", "4", { unread_count: 0 }));
    expect(keys()).toEqual(["messages", "notifications"]);
  });

  it("after an error, reconnects with a fresh ticket and the last event id, backing off while it keeps failing", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mount();
    await vi.waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    act(() => latest().onopen?.());
    act(() => latest().emit("order", "41"));
    const first = latest();
    act(() => first.onerror?.());
    expect(first.closed).toBe(true);

    await act(() => vi.advanceTimersByTimeAsync(LIVE_RETRY_MS.first));
    await vi.waitFor(() => expect(FakeEventSource.instances).toHaveLength(2));
    expect(latest().url).toBe("/api/events/?ticket=t2&last_event_id=41");

    // Failing again without ever opening: the wait doubles.
    act(() => latest().onerror?.());
    await act(() => vi.advanceTimersByTimeAsync(LIVE_RETRY_MS.first));
    expect(FakeEventSource.instances).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(LIVE_RETRY_MS.first));
    await vi.waitFor(() => expect(FakeEventSource.instances).toHaveLength(3));
    expect(latest().url).toBe("/api/events/?ticket=t3&last_event_id=41");
  });

  it("stays closed while signed out or disabled, and closes the stream on unmount", async () => {
    localStorage.removeItem("authToken");
    const { rerender, unmount } = mount();
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toHaveLength(0);

    localStorage.setItem("authToken", "tok");
    rerender({ on: false });
    await new Promise((r) => setTimeout(r, 20));
    expect(FakeEventSource.instances).toHaveLength(0);

    rerender({ on: true });
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    unmount();
    expect(latest().closed).toBe(true);
  });
});
