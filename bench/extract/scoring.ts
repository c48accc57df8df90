/** Counts for one attribute, scored the way the public product-extraction benchmark scores. */
export interface Counts {
  tp: number;
  fp: number;
  fn: number;
}

export type Outcome = "tp" | "fp" | "fn" | "tn";

export function emptyCounts(): Counts {
  return { tp: 0, fp: 0, fn: 0 };
}

/**
 * TP: extracted and among the accepted values. FP: extracted but wrong, or extracted where
 * nothing is expected. FN: nothing extracted but a value is expected.
 */
export function score(extracted: string | null, accepted: string[], same: (a: string, b: string) => boolean): Outcome {
  const expected = accepted.filter((a) => a.trim() !== "");
  if (extracted === null) return expected.length > 0 ? "fn" : "tn";
  if (expected.length === 0) return "fp";
  return expected.some((a) => same(extracted, a)) ? "tp" : "fp";
}

export function add(counts: Counts, outcome: Outcome): void {
  if (outcome !== "tn") counts[outcome]++;
}

export function f1(counts: Counts): number {
  const precision = counts.tp + counts.fp === 0 ? 0 : counts.tp / (counts.tp + counts.fp);
  const recall = counts.tp + counts.fn === 0 ? 0 : counts.tp / (counts.tp + counts.fn);
  return precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
}

export const samePrice = (a: string, b: string): boolean => {
  const x = Number(a.trim());
  const y = Number(b.trim());
  return Number.isFinite(x) && Number.isFinite(y) && Math.abs(x - y) < 0.005;
};

export const sameText = (a: string, b: string): boolean => a.trim() === b.trim();

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? 0;
}
