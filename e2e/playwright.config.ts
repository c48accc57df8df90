import { defineConfig, devices } from "@playwright/test";

/**
 * Journeys run against the production build served by `npm start`-equivalent
 * (`E2E_BASE_URL` points at a running server; otherwise one is started on port 3100
 * with a fresh DATA_DIR under /tmp). Chromium is Debian's, never a downloaded browser.
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = process.env.E2E_BASE_URL ?? `http://localhost:${PORT}`;
// Set once in the runner; workers inherit it, so support.ts reads the same folder (mail files).
process.env.E2E_DATA_DIR ??= `/tmp/atelier-e2e-${process.pid}`;
const dataDir = process.env.E2E_DATA_DIR;
// The journeys' staff account, made before the server opens the data folder (see support.ts).
process.env.E2E_STAFF_EMAIL ??= "jeweller@e2e.example.com";
process.env.E2E_STAFF_PASSWORD ??= "Bench-Polish-Loupe-91";
// The journeys' admin account (pricing, people, audit), made the same way.
process.env.E2E_ADMIN_EMAIL ??= "owner@e2e.example.com";
process.env.E2E_ADMIN_PASSWORD ??= "Hallmark-Assay-Ledger-73";
// The local fake of Razorpay's API and checkout (payments.spec.ts starts it on this port with these
// test keys; the server is configured with them, so INR orders offer "Pay ₹X now").
const razorpay = {
  port: (process.env.E2E_RAZORPAY_PORT ??= "3196"),
  keyId: (process.env.E2E_RAZORPAY_KEY_ID ??= "rzp_test_e2eatelier01"),
  keySecret: (process.env.E2E_RAZORPAY_KEY_SECRET ??= "e2e-razorpay-key-secret"),
  webhookSecret: (process.env.E2E_RAZORPAY_WEBHOOK_SECRET ??= "e2e-razorpay-webhook-secret"),
};
const razorpayUrl = `http://127.0.0.1:${razorpay.port}`;

export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  outputDir: "test-results",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        // `npm run admin` runs the existing build and never builds: the server is built first (a second).
        command: `rm -rf ${dataDir} && npm run --silent build -w apps/server && printf '%s\\n' "$E2E_STAFF_PASSWORD" | DATA_DIR=${dataDir} npm run --silent admin -- create --email "$E2E_STAFF_EMAIL" --role staff --first-name Kavya --last-name Iyer && printf '%s\\n' "$E2E_ADMIN_PASSWORD" | DATA_DIR=${dataDir} npm run --silent admin -- create --email "$E2E_ADMIN_EMAIL" --role admin --first-name Asha --last-name Rao && exec npm start`,
        cwd: "..",
        url: `${baseURL}/api/health/`,
        reuseExistingServer: false,
        // The web build, the staff account and the first start (migrations) on a busy two-core machine.
        timeout: 300_000,
        env: {
          PORT: String(PORT),
          DATA_DIR: dataDir,
          PUBLIC_URL: baseURL,
          LOG_LEVEL: "warn",
          // Every journey signs up from 127.0.0.1; production limits stay 1×.
          RATE_LIMIT_SCALE: "100",
          // Leads are e-mailed to the business (public-site.spec.ts reads the mail file).
          CONTACT_EMAIL: "atelier@example.com",
          EXTRACT_ALLOWED_HOSTS: process.env.EXTRACT_ALLOWED_HOSTS ?? "127.0.0.1:3199,localhost:3199",
          RAZORPAY_KEY_ID: razorpay.keyId,
          RAZORPAY_KEY_SECRET: razorpay.keySecret,
          RAZORPAY_WEBHOOK_SECRET: razorpay.webhookSecret,
          RAZORPAY_API_URL: razorpayUrl,
          RAZORPAY_CHECKOUT_SCRIPT_URL: `${razorpayUrl}/v1/checkout.js`,
          // The seller on tax invoices: within Maharashtra a delivery pays CGST + SGST.
          SELLER_LEGAL_NAME: "Aurelia Atelier Private Limited",
          SELLER_ADDRESS: "4 Kala Ghoda, Fort, Mumbai 400001",
          SELLER_STATE: "Maharashtra",
          SELLER_GSTIN: "27AAPFU0939F1ZV",
        },
      },
});
