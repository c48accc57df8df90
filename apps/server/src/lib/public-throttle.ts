import { ThrottledError } from "./errors.ts";
import type { RateLimitStore } from "./rate-limit.ts";

/**
 * The anonymous instant quote (the link's extraction and the estimate), throttled per client
 * address (`req.ip`, which honours TRUST_PROXY). Limits are multiplied by RATE_LIMIT_SCALE.
 */
export const PUBLIC_QUOTE_LIMITS = {
  /** Each extraction fetches a shop's page: a visitor trying links is well under this. */
  scrape: { max: 20, windowMs: 60 * 60_000 },
  /** An estimate is a computation; a form that re-estimates as it is edited asks often. */
  estimate: { max: 120, windowMs: 10 * 60_000 },
} as const;

/** "42 seconds", "1 minute", "12 minutes". */
function waitText(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/** The 429 text of the anonymous quote: what was limited, and when it works again. */
export function publicQuoteThrottleMessage(seconds: number): string {
  return `Too many instant quotes from your network. Please try again in ${waitText(seconds)}, or sign in to continue.`;
}

/** Counts one anonymous request of `kind` from `ip`; throws a 429 with the message above past the limit. */
export async function hitPublicQuoteLimit(
  rateLimits: RateLimitStore,
  kind: keyof typeof PUBLIC_QUOTE_LIMITS,
  ip: string,
  scale = 1,
): Promise<void> {
  const limit = PUBLIC_QUOTE_LIMITS[kind];
  const window = await rateLimits.hit(`public-${kind}:ip:${ip}`, limit.windowMs);
  if (window.count > Math.ceil(limit.max * scale)) {
    const seconds = Math.max(1, Math.ceil(window.resetInMs / 1000));
    throw new ThrottledError(seconds, publicQuoteThrottleMessage(seconds));
  }
}
