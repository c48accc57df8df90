/**
 * Product-extraction benchmark: runs the engine offline over the shared corpus and compares
 * F1 per attribute with the published figures.
 *
 *   npm run bench:extract                      table of F1 and timings
 *   npm run bench:extract -- -- --verbose      plus every miss (npm itself eats a single "--verbose")
 *   BENCH_VERBOSE=1 npm run bench:extract      the same
 *   npm run bench:extract -- -- --only zalando  only pages whose name contains the text
 *
 * Corpus: EXTRACTION_CORPUS_DIR, else `<repo>/../shared/extraction-corpus`.
 */
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { extractProduct } from "../../apps/server/src/modules/extraction/extract-product.ts";
import { decodeHtmlBytes } from "../../apps/server/src/lib/safe-fetch.ts";
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

const counts: Record<string, Counts> = {
  price: emptyCounts(),
  sku: emptyCounts(),
  availability: emptyCounts(),
  availabilityAsServed: emptyCounts(),
};
const timings: number[] = [];
const misses: string[] = [];

for (const name of pages) {
  const label = labels[name] ?? {};
  const bytes = gunzipSync(readFileSync(join(corpusDir, "pages", `${name}.html.gz`)));
  const html = decodeHtmlBytes(bytes);
  const url = label.url ?? urlFromName(name);
  const started = performance.now();
  const product = extractProduct({ html, url });
  timings.push(performance.now() - started);

  const price = product.price === null ? null : String(product.price);
  const sku = product.product_id === "" ? null : product.product_id;
  // Availability counts as extracted only when the page stated it (a source is recorded);
  // the served default (true) is scored separately as "as served".
  const statedAvailability = product.sources["is_available"] === undefined ? null : product.is_available ? "InStock" : "OutOfStock";
  const servedAvailability = product.is_available ? "InStock" : "OutOfStock";

  const outcomes = {
    price: score(price, label.price ?? [], samePrice),
    sku: score(sku, label.sku ?? [], sameText),
    availability: score(statedAvailability, label.availability ?? [], sameText),
    availabilityAsServed: score(servedAvailability, label.availability ?? [], sameText),
  };
  for (const [key, outcome] of Object.entries(outcomes)) {
    const bucket = counts[key];
    if (bucket) add(bucket, outcome);
  }
  if (verbose) {
    const wrong: string[] = [];
    if (outcomes.price === "fp" || outcomes.price === "fn")
      wrong.push(`price ${outcomes.price}: got ${price} [${product.sources["price"] ?? "-"}] want ${JSON.stringify(label.price ?? [])}`);
    if (outcomes.sku === "fp" || outcomes.sku === "fn")
      wrong.push(`sku ${outcomes.sku}: got ${sku} [${product.sources["product_id"] ?? "-"}] want ${JSON.stringify(label.sku ?? [])}`);
    if (outcomes.availability === "fp" || outcomes.availability === "fn")
      wrong.push(
        `availability ${outcomes.availability}: got ${statedAvailability} [${product.sources["is_available"] ?? "-"}] want ${JSON.stringify(label.availability ?? [])}`,
      );
    if (wrong.length > 0) misses.push(`${name}\n    ${wrong.join("\n    ")}`);
  }
}

const fmt = (n: number): string => n.toFixed(3);
const rows: Array<[string, string, Counts]> = [
  ["price", "price", counts["price"] ?? emptyCounts()],
  ["sku (product_id)", "sku", counts["sku"] ?? emptyCounts()],
  ["availability (stated)", "availability", counts["availability"] ?? emptyCounts()],
  ["availability (as served)", "availability", counts["availabilityAsServed"] ?? emptyCounts()],
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
  `\nExtraction time per page (no network): p50 ${percentile(timings, 50).toFixed(1)} ms, p95 ${percentile(timings, 95).toFixed(1)} ms`,
);
console.log("Availability (stated) counts a value only when the page stated it; (as served) scores the API's value, default true.");
