import { formatMoney, type DesignData, type Estimate } from "@atelier/contract";

/** How far the low end of the estimate may pass the budget before the review says so (20 %). */
export const BUDGET_TOLERANCE_PERCENT = 20;

export type BudgetDetails = Pick<DesignData, "currency" | "metal_type" | "purity" | "stones">;

export interface BudgetWarning {
  /** One calm sentence with both figures in the design's currency. */
  message: string;
  /** What would bring the estimate down, only what applies to this design; may be empty. */
  suggestions: string[];
}

/** The next lower gold purity the form offers ("18K" → "14K"); none below 14K. */
const LOWER_GOLD_PURITY: Partial<Record<DesignData["purity"], string>> = { "24K": "22K", "22K": "18K", "18K": "14K" };

/** The engine's words for a lab-grown diamond (apps/server pricing.engine matchStoneType). */
const LAB_GROWN = /\b(lab|grown|lgd|cvd|hpht|synthetic|created|man[\s-]?made)\b/i;
const DIAMOND = /\bdiamonds?\b/i;

/** Amount in hundredths from a decimal string or a number with at most two places. */
const cents = (amount: string | number) => Math.round(Number(amount) * 100);

const caratText = (carat: number) => `${carat.toFixed(2)} ct`;

/**
 * Whether the estimate is far above the customer's budget (its low end beyond the budget by more
 * than BUDGET_TOLERANCE_PERCENT), and what in this design would bring it down. Null when there is no
 * estimate, no budget, the estimate is in another currency (an estimate of earlier details) or the
 * estimate is within reach.
 */
export function budgetWarning(estimate: Estimate | undefined, budget: number | null, details: BudgetDetails): BudgetWarning | null {
  if (!estimate || budget === null || !(budget > 0) || estimate.currency !== details.currency) return null;
  const low = cents(estimate.low);
  const limit = cents(budget);
  // low > limit × (1 + tolerance), in whole hundredths so that no float rounding decides.
  if (!(low * 100 > limit * (100 + BUDGET_TOLERANCE_PERCENT))) return null;

  const money = (amount: string | number) => formatMoney(amount, details.currency);
  const message = `The estimate starts at ${money(estimate.low)}, well above your budget of ${money(budget)}.`;
  return { message, suggestions: budgetSuggestions(details) };
}

/** The changes that lower the price of this design, most effective first. */
export function budgetSuggestions(details: BudgetDetails): string[] {
  const suggestions: string[] = [];
  const stones = details.stones.filter((s) => s.stone_type.trim() !== "" || (s.stone_carat ?? 0) > 0 || s.stone_color.trim() !== "" || s.stone_clarity.trim() !== "");

  const natural = stones.filter((s) => DIAMOND.test(s.stone_type) && !LAB_GROWN.test(s.stone_type));
  if (natural.length > 0) suggestions.push("Lab-grown instead of natural diamonds: the same look and hardness at a much lower price.");

  const count = stones.reduce((n, s) => n + s.quantity, 0);
  const largest = stones.reduce<(typeof stones)[number] | undefined>((big, s) => ((s.stone_carat ?? 0) > (big?.stone_carat ?? 0) ? s : big), undefined);
  const largestText = largest?.stone_carat ? `${caratText(largest.stone_carat)}${largest.stone_type.trim() ? ` ${largest.stone_type.trim().toLowerCase()}` : ""}` : "";
  if (count > 1) {
    suggestions.push(`Smaller or fewer stones: the design has ${count} stones${largestText ? `, the largest a ${largestText}` : ""}.`);
  } else if (count === 1) {
    suggestions.push(largestText ? `A smaller stone than the ${largestText}.` : "A smaller stone.");
  }

  if (details.metal_type === "gold") {
    const lower = details.purity ? LOWER_GOLD_PURITY[details.purity] : undefined;
    if (lower) suggestions.push(`${lower} gold instead of ${details.purity}: it holds less gold in every gram and wears harder.`);
  } else if (details.metal_type === "platinum") {
    suggestions.push("White gold instead of platinum: a similar white look at a lower price per gram.");
  }
  return suggestions;
}
