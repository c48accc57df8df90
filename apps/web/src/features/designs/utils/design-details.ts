import { budgetRangeText, designFieldGroups, dimensionsText, stoneLines, type Design, type DesignFieldGroupId } from "@atelier/contract";
import { formatAmount } from "@/lib/format";

export interface DetailRow {
  label: string;
  value: string;
}

const rows = (list: [string, string | null | undefined | false][]): DetailRow[] =>
  list.filter((r): r is [string, string] => typeof r[1] === "string" && r[1].trim() !== "").map(([label, value]) => ({ label, value }));

/**
 * The design's rows come from the contract's `designFieldGroups` (the labels and values the staff
 * workbench and the order PDF show too); this page arranges them in the sections spec §2 names.
 */
const groupRows = (d: Design, id: DesignFieldGroupId) => designFieldGroups(d, { money: formatAmount }).find((g) => g.id === id)?.rows ?? [];
const byLabel = (list: DetailRow[], labels: string[]) => labels.flatMap((label) => list.filter((r) => r.label === label));

export { budgetRangeText, dimensionsText, stoneLines };

export function metalRows(d: Design): DetailRow[] {
  return groupRows(d, "metal").filter((r) => r.label !== "Weight");
}

export function designRows(d: Design): DetailRow[] {
  return groupRows(d, "details");
}

/** Ring size, chain length and budget first (spec §2), then the other figures. */
export function specRows(d: Design): DetailRow[] {
  const all = [...groupRows(d, "size"), ...groupRows(d, "budget"), ...groupRows(d, "metal")];
  return byLabel(all, ["Ring size", "Chain length", "Budget", "Budget range", "Size", "Dimensions", "Weight"]);
}

/** The older single-stone fields the detail screen also reads (spec §3). */
export function singleStoneRows(d: Design): DetailRow[] {
  return rows([
    ["Stone type", d.stone_type],
    ["Stone size", d.stone_size],
    ["Stone color", d.stone_color],
    ["Stone cut", d.stone_cut],
    ["Stone setting", d.stone_setting],
  ]);
}
