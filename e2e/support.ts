import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type APIRequestContext, type APIResponse, type Page } from "@playwright/test";

export const PASSWORD = "Velvet-Garnet-42";
/**
 * The staff account the journeys' server is started with (playwright.config.ts creates it with
 * `npm run admin -- create` before the server starts). A test fixture, never a product default.
 */
export const STAFF_EMAIL = process.env.E2E_STAFF_EMAIL ?? "jeweller@e2e.example.com";
export const STAFF_PASSWORD = process.env.E2E_STAFF_PASSWORD ?? "Bench-Polish-Loupe-91";
export const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL ?? "owner@e2e.example.com";
export const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? "Hallmark-Assay-Ledger-73";
const DATA_DIR = process.env.E2E_DATA_DIR ?? "";

let n = 0;
export function uniqueEmail(prefix = "shopper"): string {
  n += 1;
  return `${prefix}.${Date.now().toString(36)}${n}@example.com`;
}

/** Puts a session in the page's storage, as signing in does. */
export async function storeSession(page: Page, token: string, user: unknown): Promise<void> {
  await page.goto("/404-warmup");
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem("authToken", t);
      localStorage.setItem("user", u);
    },
    [token, JSON.stringify(user)] as const,
  );
}

/** Creates an account through the API and signs the page in with its token. */
export async function signInAsNewCustomer(page: Page, request: APIRequestContext, email = uniqueEmail()) {
  const res = await request.post("/api/auth/register/", { data: { email, password: PASSWORD, confirm_password: PASSWORD } });
  if (res.status() !== 201) throw new Error(`register failed: ${res.status()} ${await res.text()}`);
  const { token, user } = (await res.json()) as { token: string; user: unknown };
  await storeSession(page, token, user);
  return { email, token };
}

/** Signs an existing account in through the API and the page with its token. */
export async function signIn(page: Page, request: APIRequestContext, email: string, password: string) {
  const res = await request.post("/api/auth/login/", { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  const { token, user } = (await res.json()) as { token: string; user: { first_name: string; last_name: string; email: string } };
  await storeSession(page, token, user);
  return { token, headers: { authorization: `Token ${token}` }, name: `${user.first_name} ${user.last_name}`.trim() || user.email };
}

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** axe finds nothing serious or critical on the page as it is now. */
export async function expectNoSeriousAxe(page: Page, label: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const summary = serious.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(summary, `${label}: ${summary.join("\n")}`).toEqual([]);
}

/**
 * A mail file read as a person would: its header block unfolded and left as sent (headers are not
 * quoted-printable, so "token=39…" stays as it is), its body with quoted-printable undone.
 */
function readMail(raw: string): string {
  const end = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, end).replace(/\r?\n[ \t]+/g, " ");
  const bytes = raw
    .slice(end)
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return `${headers}\n${Buffer.from(bytes, "latin1").toString("utf8")}`;
}

/**
 * The newest e-mail written to DATA_DIR/mail (the server runs without SMTP in e2e) that contains
 * every one of `needles`, decoded; waits up to 10 s for it. Searching, not taking the newest file,
 * keeps a journey from reading an e-mail another step sent a moment later.
 */
export async function findMail(...needles: (string | RegExp)[]): Promise<string> {
  const dir = path.join(DATA_DIR, "mail");
  const matches = (mail: string) => needles.every((n) => (typeof n === "string" ? mail.includes(n) : n.test(mail)));
  for (let i = 0; i < 50; i++) {
    const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith(".eml")).sort().reverse();
    for (const f of files) {
      const mail = readMail(await fs.readFile(path.join(dir, f), "utf8"));
      if (matches(mail)) return mail;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail containing ${needles.join(" and ")}`);
}

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, "screenshots");

/**
 * An order brought to CAD design through the API, as the customer and staff would: a ring design,
 * a quote issued and accepted, the advance declared and confirmed. Returns the order and both
 * sides' headers, and `uploadCad` to add a CAD version (renderings plus an optional 3D file).
 */
export async function orderAwaitingCad(request: APIRequestContext, designName: string) {
  const email = uniqueEmail("cad");
  const reg = await request.post("/api/auth/register/", { data: { email, password: PASSWORD, confirm_password: PASSWORD } });
  expect(reg.status(), await reg.text()).toBe(201);
  const customer = (await reg.json()) as { token: string; user: unknown };
  const headers = { authorization: `Token ${customer.token}` };
  const staffLogin = await request.post("/api/auth/login/", { data: { email: STAFF_EMAIL, password: STAFF_PASSWORD } });
  expect(staffLogin.status(), await staffLogin.text()).toBe(200);
  const staff = { authorization: `Token ${((await staffLogin.json()) as { token: string }).token}` };
  const ok = async (res: Promise<APIResponse>) => {
    const r = await res;
    expect(r.ok(), `${r.url()}: ${r.status()} ${await r.text()}`).toBe(true);
    return (await r.json()) as Record<string, unknown> & { id: string };
  };
  const data = { name: designName, design_type: "ring", description: "A slim band.", metal_type: "gold", metal_color: "rose", purity: "18K", size: "7" };
  await ok(request.post("/api/designs/", { headers, multipart: { data: JSON.stringify(data) } }));
  const { results } = (await (await request.get("/api/orders/", { headers })).json()) as { results: { id: string }[] };
  const orderId = results[0]!.id;
  const quote = await ok(request.post(`/api/staff/orders/${orderId}/quotes/`, { headers: staff, data: { line_items: [{ label: "Ring", amount: 50000 }] } }));
  await ok(request.post(`/api/quotes/${quote.id}/accept/`, { headers }));
  const payment = await ok(request.post(`/api/orders/${orderId}/payments/`, { headers, data: { kind: "advance", reference: "UTR-CAD-0001" } }));
  await ok(request.post(`/api/staff/payments/${payment.id}/confirm/`, { headers: staff }));
  return {
    orderId,
    customer,
    headers,
    staff,
    comment: (text: string) => ok(request.post(`/api/orders/${orderId}/comments/`, { headers, data: { text } })),
    uploadCad: (rendering: Buffer, description: string, model?: { name: string; buffer: Buffer }) =>
      ok(
        request.post(`/api/staff/orders/${orderId}/cad-designs/`, {
          headers: staff,
          multipart: {
            images: { name: "render.png", mimeType: "image/png", buffer: rendering },
            description,
            ...(model ? { model: { name: model.name, mimeType: "application/octet-stream", buffer: model.buffer } } : {}),
          },
        }),
      ),
  };
}

/** The custom design form's Next: to the next step, whose number the indicator then says. */
export async function nextDesignStep(page: Page) {
  const step = Number((await page.getByText(/^Step \d of \d$/).textContent())?.match(/\d/)?.[0]);
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(page.getByText(`Step ${step + 1} of 6`, { exact: true })).toBeVisible();
}

/** Next through the custom design form's remaining steps to its review (each step checked on the way). */
export async function continueToDesignReview(page: Page) {
  const review = page.getByRole("heading", { level: 2, name: "Review" });
  while (!(await review.isVisible())) await nextDesignStep(page);
}

/**
 * The journeys' stand-in for a jeweller's shop: a real HTTP server on loopback (the port is allowed
 * through EXTRACT_ALLOWED_HOSTS), so link extraction fetches real pages. Close it with `closeShop`.
 */
export async function startShop(port: number, handler: http.RequestListener): Promise<http.Server> {
  const shop = http.createServer(handler);
  await new Promise<void>((resolve, reject) => {
    shop.once("error", reject);
    shop.listen(port, "127.0.0.1", () => resolve());
  });
  expect((shop.address() as AddressInfo).port).toBe(port);
  return shop;
}

export const closeShop = (shop: http.Server) => new Promise<void>((resolve) => shop.close(() => resolve()));

/** A delivery address in Pune, as the Profile form saves it. */
export const PUNE_ADDRESS = {
  name: "Ananya Rao",
  phone: "+91 98450 11223",
  line1: "12 MG Road",
  line2: "Flat 4B",
  city: "Pune",
  state: "Maharashtra",
  postal_code: "411001",
  country: "IN",
};

/** The customer saves an address and chooses it as the order's delivery address (an order ships only with one). */
export async function chooseDeliveryAddress(request: APIRequestContext, token: string, orderId: string): Promise<void> {
  const headers = { authorization: `Token ${token}` };
  const saved = await request.post("/api/addresses/", { headers, data: PUNE_ADDRESS });
  expect(saved.status(), await saved.text()).toBe(201);
  const { id } = (await saved.json()) as { id: string };
  const chosen = await request.put(`/api/orders/${orderId}/addresses/`, { headers, data: { delivery_address_id: id } });
  expect(chosen.status(), await chosen.text()).toBe(200);
}
