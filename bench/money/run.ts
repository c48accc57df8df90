/**
 * `npm run bench -- money`: what issue 21 adds to a capture. (1) Gapless invoice numbers: N
 * transactions each take the next number of one financial year at concurrency C (the counter row's
 * lock serialises them), on PGlite and, with BENCH_DATABASE_URL, on PostgreSQL: numbers per second,
 * p50/p95 per transaction, and whether the numbers came out 1..N with no gap. (2) A tax invoice PDF:
 * render time p50/p95 and size. BENCH_MONEY_N (400) and BENCH_MONEY_CONCURRENCY (20).
 */
import { execFileSync } from "node:child_process";
import { openDatabase, runMigrations, type Database } from "../../apps/server/src/db/client.ts";
import type { TaxDocumentContent } from "../../apps/server/src/modules/invoices/invoice-content.ts";
import { renderTaxDocumentPdf } from "../../apps/server/src/modules/invoices/invoice-pdf.ts";
import { nextSequence } from "../../apps/server/src/modules/invoices/invoices.repository.ts";
import { percentile, table } from "../lib/harness.ts";

const N = Number(process.env.BENCH_MONEY_N ?? 400);
const CONCURRENCY = Number(process.env.BENCH_MONEY_CONCURRENCY ?? 20);

async function numbering(database: Database, label: string): Promise<(string | number)[]> {
  const year = `b${Date.now() % 100000}`; // a financial year of its own: the counter starts at 0
  const latencies: number[] = [];
  const numbers: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < N) {
        next += 1;
        const t0 = performance.now();
        numbers.push(await database.db.transaction((tx) => nextSequence(tx, "invoice", year)));
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const gapless = [...numbers].sort((a, b) => a - b).every((n, i) => n === i + 1);
  return [
    label,
    N,
    CONCURRENCY,
    Math.round(N / seconds),
    percentile(latencies, 50).toFixed(1),
    percentile(latencies, 95).toFixed(1),
    gapless ? "yes" : "NO",
  ];
}

const address = {
  name: "Ananya Rao",
  phone: "+91 98450 11223",
  line1: "12 MG Road",
  line2: "Flat 4B",
  city: "Pune",
  state: "Maharashtra",
  postal_code: "411001",
  country: "IN",
};
const content: TaxDocumentContent = {
  version: 1,
  kind: "invoice",
  title: "Tax invoice",
  label: "Advance receipt",
  payment_kind: "advance",
  number: "INV/2026-27/000123",
  date: "2026-11-26",
  financial_year: "2026-27",
  seller: {
    legal_name: "Aurelia Atelier Private Limited",
    address: "4 Kala Ghoda, Fort, Mumbai 400001",
    state: "Maharashtra",
    country: "IN",
    gstin: "27AAPFU0939F1ZV",
  },
  buyer: { name: "Ananya Rao", email: "ananya@example.com", billing_address: address, delivery_address: address, note: "" },
  order: { id: "00000000-0000-4000-8000-000000000001", number: "JW-2026-000123", design_name: "Evening solitaire" },
  place_of_supply: "Maharashtra, India",
  lines: [{ description: "18K gold ring with a 0.50 ct diamond", hsn: "7113", taxable: "50000.00" }],
  tax: {
    regime: "intra_state",
    taxable: "50000.00",
    lines: [
      { code: "CGST", label: "CGST 1.5%", rate: "1.50", amount: "750.00" },
      { code: "SGST", label: "SGST 1.5%", rate: "1.50", amount: "750.00" },
    ],
    tax: "1500.00",
    total: "51500.00",
    hsn: "7113",
  },
  tax_note: "",
  currency: "INR",
  total: "51500.00",
  amount_in_words: "Rupees Fifty-One Thousand Five Hundred Only",
  payment: { reference: "pay_bench01", provider: "razorpay", provider_payment_id: "pay_bench01", received_at: "2026-11-26T10:00:00.000Z" },
  against: null,
  reason: "",
};

async function pdf(): Promise<(string | number)[]> {
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < 50; i += 1) {
    const t0 = performance.now();
    size = (await renderTaxDocumentPdf(content)).length;
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return ["tax invoice PDF (50 renders)", percentile(times, 50).toFixed(1), percentile(times, 95).toFixed(1), (size / 1024).toFixed(1)];
}

export async function run(): Promise<void> {
  const rows: (string | number)[][] = [];
  const embedded = await openDatabase({});
  await runMigrations(embedded);
  rows.push(await numbering(embedded, "PGlite (in memory)"));
  await embedded.close();
  const url = process.env.BENCH_DATABASE_URL;
  if (url) {
    const name = `bench_money_${process.pid}`;
    const admin = (sql: string) => execFileSync("psql", [url, "-qc", sql]);
    admin(`create database ${name}`);
    try {
      const pg = await openDatabase({ databaseUrl: url.replace(/\/[^/]*$/, `/${name}`), poolSize: CONCURRENCY });
      await runMigrations(pg);
      rows.push(await numbering(pg, "PostgreSQL"));
      await pg.close();
    } finally {
      admin(`drop database if exists ${name} with (force)`);
    }
  } else {
    console.log("(BENCH_DATABASE_URL unset: PostgreSQL skipped)");
  }
  console.log(table(["gapless numbering", "numbers", "concurrency", "numbers/s", "p50 ms", "p95 ms", "gapless"], rows));
  console.log();
  console.log(table(["render", "p50 ms", "p95 ms", "size KB"], [await pdf()]));
}
