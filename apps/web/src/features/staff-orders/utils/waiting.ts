import { ORDER_STATUS_INFO, orderWaits, type OrderStatus } from "@atelier/contract";
import { formatRelative } from "@/lib/format";

/** How long something has waited, short: "12 min", "3 h", "2 d", "5 w" (under a minute: "just now"). */
export function formatWaiting(sinceIso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - new Date(sinceIso).getTime()) / 60_000));
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h`;
  const days = Math.floor(hours / 24);
  if (days < 14) return `${days} d`;
  return `${Math.floor(days / 7)} w`;
}

/** The same wait in words, for screen readers and tooltips ("waiting 3 hours"). */
export function describeWaiting(sinceIso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - new Date(sinceIso).getTime()) / 60_000));
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  if (minutes < 1) return "waiting less than a minute";
  if (minutes < 60) return `waiting ${plural(minutes, "minute")}`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `waiting ${plural(hours, "hour")}`;
  const days = Math.floor(hours / 24);
  if (days < 14) return `waiting ${plural(days, "day")}`;
  return `waiting ${plural(Math.floor(days / 7), "week")}`;
}

/** Long waits stand out: a day for most statuses. */
export function isLongWait(sinceIso: string, now = Date.now()): boolean {
  return now - new Date(sinceIso).getTime() >= 24 * 3600_000;
}

/**
 * An order's status with its time: "Manufacturing, waiting 3 hours" while the order waits on
 * someone (ORDER_STATUS_WAITS_ON), "Completed 17 minutes ago" once it waits on nobody.
 */
export function describeStatusTime(status: OrderStatus, sinceIso: string, now = Date.now()): string {
  const label = ORDER_STATUS_INFO[status].label;
  return orderWaits(status) ? `${label}, ${describeWaiting(sinceIso, now)}` : `${label} ${formatRelative(sinceIso, now)}`;
}
