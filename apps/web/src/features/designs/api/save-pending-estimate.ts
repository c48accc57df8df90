import type { Design } from "@atelier/contract";
import { clearPendingEstimate, markPendingEstimateAttempted, type PendingEstimate } from "@/lib/pending-design";
import { createDesign } from "./create-design";
import { getDesigns } from "./get-designs";
import { saveLinkDesign } from "./save-link-design";

/** One save per pending design in this page, however often it is asked for (StrictMode runs effects twice). */
const inFlight = new Map<string, Promise<Design>>();

/** Clocks differ: a design saved up to this long before the visitor's `started_at` still counts as theirs. */
const CLOCK_SKEW_MS = 10 * 60_000;

/**
 * A try that was sent before (the page was left or the answer lost) may have saved the design:
 * it is the customer's design of the same name and link created since the visitor asked.
 */
async function findSaved(pending: PendingEstimate): Promise<Design | undefined> {
  const { payload } = pending.design;
  const name = (payload.name ?? "").trim();
  const link = (payload.inspiration_link ?? "").trim();
  const since = Date.parse(pending.started_at) - CLOCK_SKEW_MS;
  const page = await getDesigns({ page: 1, search: name });
  return page.results.find(
    (d) => d.source === pending.design.source && d.inspiration_link === link && (!name || d.name === name) && Date.parse(d.created_at) >= since,
  );
}

/**
 * Saves the design priced on the instant quote for the signed-in customer, once: it stays in
 * session storage until saved (a failure keeps it for the next try), and a try after one that
 * was already sent first looks for the saved design instead of saving it again.
 */
export function savePendingEstimate(pending: PendingEstimate): Promise<Design> {
  const running = inFlight.get(pending.id);
  if (running) return running;
  const job = (async () => {
    if (pending.attempted) {
      const saved = await findSaved(pending);
      if (saved) return saved;
    }
    markPendingEstimateAttempted(pending);
    return pending.design.source === "link"
      ? saveLinkDesign(pending.design.payload)
      : createDesign({ data: pending.design.payload, images: [] });
  })();
  inFlight.set(pending.id, job);
  job.then(
    () => clearPendingEstimate(pending.id),
    () => inFlight.delete(pending.id),
  );
  return job;
}
