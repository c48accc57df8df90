import type { StaffInboxFilter } from "@atelier/contract";

/**
 * Every messages key starts with `messages`, every support key with `support`: a live "message"
 * or "unread" event (and every send) refreshes lists, threads and the top bar's dot at once.
 */
export const messageKeys = {
  all: ["messages"] as const,
  list: (params: { page: number; search: string }) => [...messageKeys.all, "list", params] as const,
  inbox: (params: { page: number; search: string; filter: StaffInboxFilter }) => [...messageKeys.all, "inbox", params] as const,
  thread: (id: string) => [...messageKeys.all, "thread", id] as const,
  unread: () => [...messageKeys.all, "unread"] as const,
  topics: () => [...messageKeys.all, "topics"] as const,
};
export const supportKeys = {
  all: ["support"] as const,
  tickets: (page: number) => [...supportKeys.all, "tickets", page] as const,
};

export function listQuery(params: Record<string, string | number>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== "" && v !== "all" && !(k === "page" && v === 1)) q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : "";
}
