/**
 * Product-extraction benchmark: runs the engine offline over the shared corpus and compares
 * F1 per attribute with the published figures.
 *
 *   npm run bench:extract                      table of F1 and timings
 *   npm run bench:extract -- -- --verbose      plus every miss (npm itself eats a single "--verbose")
 *   BENCH_VERBOSE=1 npm run bench:extract      the same
 *   npm run bench:extract -- -- --only zalando  only pages whose name contains the text
 *   npm run bench:extract -- -- --folds 5       plus F1 per fold of a shop-grouped 5-fold split,
 *                                              dev folds against held-out folds (BENCH_FOLDS=5)
 *   ... --folds 5 --held-out 3,4               which folds are held out (default: the last 40 %)
 *   ... --folds 5 --verbose --show-held-out    misses are listed for dev folds only unless asked
 *
 * Corpus: EXTRACTION_CORPUS_DIR, else `<repo>/../shared/extraction-corpus`. After the corpus the
 * class fold (apps/server/src/modules/extraction/fixtures/classes) is scored apart, per class.
 */
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { extractProduct } from "../../apps/server/src/modules/extraction/extract-product.ts";
import { decodeHtmlBytes } from "../../apps/server/src/lib/safe-fetch.ts";
import { assignFolds, mean, shopOf, standardDeviation } from "./folds.ts";
import type { Counts } from "./scoring.ts";
import { add, emptyCounts, f1, percentile, samePrice, sameText, score } from "./scoring.ts";

interface Label {
  price?: string[];
  sku?: string[];
  availability?: string[];
  url?: string;
}

const here = dirname(fileURLToPath(import.meta.url));
const corpusDir = process.env["EXTRACTION_CORPUS_DIR"] ?? resolve(here, "../../../shared/extraction-corpus");
const args = process.argv.slice(2);
const verbose = args.includes("--verbose") || process.env["BENCH_VERBOSE"] === "1";
const onlyIndex = args.indexOf("--only");
const only = onlyIndex >= 0 ? (args[onlyIndex + 1] ?? "") : "";
// `npm run bench:extract -- --folds 5` hands "--folds 5" to the inner npm, which passes it on
// as npm_config_folds; `-- -- --folds 5` reaches the script's argv.
const optionValue = (name: string, env: string): string | undefined => {
  const i = args.indexOf(name);
  const inline = args.find((a) => a.startsWith(`${name}=`));
  if (inline !== undefined) return inline.slice(name.length + 1);
  return i >= 0 ? args[i + 1] : (process.env[env] ?? process.env[`npm_config_${name.slice(2).replace(/-/g, "_")}`]);
};
const foldCount = Math.max(0, Math.floor(Number(optionValue("--folds", "BENCH_FOLDS") ?? 0)) || 0);
const heldOutFolds = new Set(
  (optionValue("--held-out", "BENCH_HELD_OUT") ?? "")
    .split(",")
    .filter((f) => f.trim() !== "")
    .map(Number),
);
if (foldCount >= 2 && heldOutFolds.size === 0) {
  for (let f = Math.ceil(foldCount * 0.6); f < foldCount; f++) heldOutFolds.add(f);
}
const showHeldOut =
  args.includes("--show-held-out") || process.env["BENCH_SHOW_HELD_OUT"] === "1" || process.env["npm_config_show_held_out"] === "true";

const PUBLISHED: Record<string, { zyte: number; diffbot: number; extruct: number }> = {
  price: { zyte: 0.918, diffbot: 0.824, extruct: 0.685 },
  sku: { zyte: 0.841, diffbot: 0.765, extruct: 0.537 },
  availability: { zyte: 0.957, diffbot: 0.943, extruct: 0.626 },
};

function urlFromName(name: string): string {
  // "peb--www-example-com--some-slug" → https://www.example.com/some-slug
  const [, host = "example.com", slug = ""] = name.split("--");
  return `https://${host.replace(/-/g, ".")}/${slug}`;
}

const labels = JSON.parse(readFileSync(join(corpusDir, "labels.json"), "utf8")) as Record<string, Label>;
const pages = readdirSync(join(corpusDir, "pages"))
  .filter((f) => f.endsWith(".html.gz"))
  .map((f) => f.replace(/\.html\.gz$/, ""))
  .filter((name) => name.includes(only))
  .sort();

type CountSet = Record<"price" | "sku" | "availability" | "availabilityAsServed", Counts>;
const emptySet = (): CountSet => ({
  price: emptyCounts(),
  sku: emptyCounts(),
  availability: emptyCounts(),
  availabilityAsServed: emptyCounts(),
});
const counts = emptySet();
// Folds are assigned over the whole corpus, so --only does not move a page to another fold.
const allPages = readdirSync(join(corpusDir, "pages"))
  .filter((f) => f.endsWith(".html.gz"))
  .map((f) => f.replace(/\.html\.gz$/, ""));
const foldOf = foldCount >= 2 ? assignFolds(allPages, foldCount) : new Map<string, number>();
const foldCounts = Array.from({ length: foldCount >= 2 ? foldCount : 0 }, emptySet);
const foldPages = foldCounts.map(() => 0);
const timings: number[] = [];
const misses: string[] = [];

type Outcomes = Record<keyof CountSet, ReturnType<typeof score>>;

/** Extract one page and score it against its label; misses are listed under --verbose. */
function evaluate(name: string, html: string, url: string, label: Label, where: string, listMisses: boolean): Outcomes {
  const started = performance.now();
  const product = extractProduct({ html, url });
  timings.push(performance.now() - started);

  const price = product.price === null ? null : String(product.price);
  const sku = product.product_id === "" ? null : product.product_id;
  // Availability counts as extracted only when the page stated it (a source is recorded);
  // the served default (true) is scored separately as "as served".
  const statedAvailability = product.sources["is_available"] === undefined ? null : product.is_available ? "InStock" : "OutOfStock";
  const servedAvailability = product.is_available ? "InStock" : "OutOfStock";

  const outcomes: Outcomes = {
    price: score(price, label.price ?? [], samePrice),
    sku: score(sku, label.sku ?? [], sameText),
    availability: score(statedAvailability, label.availability ?? [], sameText),
    availabilityAsServed: score(servedAvailability, label.availability ?? [], sameText),
  };
  if (verbose && listMisses) {
    const wrong: string[] = [];
    if (outcomes.price === "fp" || outcomes.price === "fn")
      wrong.push(`price ${outcomes.price}: got ${price} [${product.sources["price"] ?? "-"}] want ${JSON.stringify(label.price ?? [])}`);
    if (outcomes.sku === "fp" || outcomes.sku === "fn")
      wrong.push(`sku ${outcomes.sku}: got ${sku} [${product.sources["product_id"] ?? "-"}] want ${JSON.stringify(label.sku ?? [])}`);
    if (outcomes.availability === "fp" || outcomes.availability === "fn")
      wrong.push(
        `availability ${outcomes.availability}: got ${statedAvailability} [${product.sources["is_available"] ?? "-"}] want ${JSON.stringify(label.availability ?? [])}`,
      );
    if (wrong.length > 0) misses.push(`${name}${where}\n    ${wrong.join("\n    ")}`);
  }
  return outcomes;
}

for (const name of pages) {
  const label = labels[name] ?? {};
  const bytes = gunzipSync(readFileSync(join(corpusDir, "pages", `${name}.html.gz`)));
  const fold = foldOf.get(name);
  // Misses on held-out folds stay unread while rules are being developed.
  const hideMisses = fold !== undefined && heldOutFolds.has(fold) && !showHeldOut;
  const where = fold === undefined ? "" : ` (fold ${fold}, ${shopOf(name)})`;
  const outcomes = evaluate(name, decodeHtmlBytes(bytes), label.url ?? urlFromName(name), label, where, !hideMisses);
  const foldBucket = fold === undefined ? undefined : foldCounts[fold];
  for (const key of Object.keys(outcomes) as Array<keyof typeof outcomes>) {
    add(counts[key], outcomes[key]);
    if (foldBucket) add(foldBucket[key], outcomes[key]);
  }
  if (fold !== undefined) foldPages[fold] = (foldPages[fold] ?? 0) + 1;
}

// Timings are the corpus's: the class pages are small.
const corpusTimings = [...timings];

// The class fold: pages of our own, one file per way a shop can mislead (a sale price beside a
// list price, another product's price in a carousel, stock shown only by a button or a select),
// in shop styles the corpus lacks. Scored apart: they are not part of the corpus figures.
interface ClassLabel extends Label {
  class: string;
  style: string;
}
const classDir = resolve(here, "../../apps/server/src/modules/extraction/fixtures/classes");
const classLabels = JSON.parse(readFileSync(join(classDir, "labels.json"), "utf8")) as Record<string, ClassLabel>;
const classCounts = new Map<string, { pages: number; set: CountSet }>();
const classTotal = { pages: 0, set: emptySet() };
for (const name of Object.keys(classLabels)
  .filter((n) => n.includes(only))
  .sort()) {
  const label = classLabels[name] as ClassLabel;
  const html = decodeHtmlBytes(readFileSync(join(classDir, `${name}.html`)));
  const outcomes = evaluate(name, html, label.url ?? urlFromName(name), label, ` (class fold: ${label.class}, ${label.style})`, true);
  const bucket = classCounts.get(label.class) ?? { pages: 0, set: emptySet() };
  classCounts.set(label.class, bucket);
  for (const into of [bucket, classTotal]) {
    into.pages += 1;
    for (const key of Object.keys(outcomes) as Array<keyof typeof outcomes>) add(into.set[key], outcomes[key]);
  }
}

const fmt = (n: number): string => n.toFixed(3);
const rows: Array<[string, string, Counts]> = [
  ["price", "price", counts.price],
  ["sku (product_id)", "sku", counts.sku],
  ["availability (stated)", "availability", counts.availability],
  ["availability (as served)", "availability", counts.availabilityAsServed],
];

if (verbose && misses.length > 0) {
  console.log("Misses:\n");
  for (const m of misses) console.log(`  ${m}`);
  console.log("");
}
console.log(`Corpus: ${corpusDir} (${pages.length} pages)\n`);
console.log("attribute                  ours    TP  FP  FN   Zyte  Diffbot  extruct");
for (const [label, key, c] of rows) {
  const pub = PUBLISHED[key];
  console.log(
    `${label.padEnd(25)} ${fmt(f1(c))} ${String(c.tp).padStart(4)} ${String(c.fp).padStart(3)} ${String(c.fn).padStart(3)}  ${fmt(pub?.zyte ?? 0)}  ${fmt(pub?.diffbot ?? 0)}    ${fmt(pub?.extruct ?? 0)}`,
  );
}
console.log(
  `\nExtraction time per page (no network): p50 ${percentile(corpusTimings, 50).toFixed(1)} ms, p95 ${percentile(corpusTimings, 95).toFixed(1)} ms`,
);
console.log("Availability (stated) counts a value only when the page stated it; (as served) scores the API's value, default true.");

if (foldCounts.length > 0) {
  const dev = emptySet();
  const held = emptySet();
  foldCounts.forEach((set, fold) => {
    const into = heldOutFolds.has(fold) ? held : dev;
    for (const key of Object.keys(set) as Array<keyof CountSet>) {
      into[key].tp += set[key].tp;
      into[key].fp += set[key].fp;
      into[key].fn += set[key].fn;
    }
  });
  const line = (label: string, pages: string, set: CountSet): string =>
    `${label.padEnd(26)} ${pages.padStart(5)}  ${fmt(f1(set.price))}  ${fmt(f1(set.sku))}  ${fmt(f1(set.availability))}`;
  const devFolds = foldCounts.map((_, f) => f).filter((f) => !heldOutFolds.has(f));
  console.log(
    `\n${foldCount} folds grouped by shop (every page of a shop in one fold); dev folds ${devFolds.join(",") || "-"}, held-out folds ${[...heldOutFolds].sort().join(",") || "-"}`,
  );
  console.log("fold                       pages  price  sku    avail (stated)");
  foldCounts.forEach((set, f) => {
    console.log(line(`${f} (${heldOutFolds.has(f) ? "held out" : "dev"})`, String(foldPages[f] ?? 0), set));
  });
  const perFold = (key: keyof CountSet): string => {
    const values = foldCounts.filter((_, f) => (foldPages[f] ?? 0) > 0).map((set) => f1(set[key]));
    return `${fmt(mean(values))}±${standardDeviation(values).toFixed(2)}`;
  };
  console.log(`${"mean of folds (± sd)".padEnd(26)} ${"".padStart(5)}  ${perFold("price")} ${perFold("sku")} ${perFold("availability")}`);
  const sum = (indexes: number[]): string => String(indexes.reduce((a, f) => a + (foldPages[f] ?? 0), 0));
  console.log(line("dev folds pooled", sum(devFolds), dev));
  console.log(line("held-out folds pooled", sum([...heldOutFolds]), held));
  console.log(line("all pages (in-corpus)", String(pages.length), counts));
}

if (classTotal.pages > 0) {
  const classLine = (label: string, pages: number, set: CountSet): string =>
    `${label.padEnd(26)} ${String(pages).padStart(5)}  ${fmt(f1(set.price))}  ${fmt(f1(set.sku))}  ${fmt(f1(set.availability))}`;
  console.log(`\nClass fold (${classDir.replace(resolve(here, "../.."), ".")}, not in the figures above)`);
  console.log("class                      pages  price  sku    avail (stated)");
  for (const [name, bucket] of [...classCounts].sort(([a], [b]) => a.localeCompare(b)))
    console.log(classLine(name, bucket.pages, bucket.set));
  console.log(classLine("all class pages", classTotal.pages, classTotal.set));
}
