import fs from "node:fs/promises";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousAxe, PASSWORD, signIn, STAFF_EMAIL, STAFF_PASSWORD, storeSession, uniqueEmail } from "./support.ts";

/**
 * Certificates: staff attach a GIA report (a PDF) to an order in the workbench; the customer sees
 * it on the order's Details tab with the lab's verify link, downloads the file, and finds it in
 * the order's PDF.
 */

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const SHOTS = process.env.SCREENSHOT_DIR ?? "/tmp/atelier-screens";
const NUMBER = `${Date.now()}`.slice(-10);
const VERIFY = `https://www.gia.edu/report-check?reportno=${NUMBER}`;

/** A small real PDF: one page saying what it is. */
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
    "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 200]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj\n" +
    "4 0 obj<</Length 52>>stream\nBT /F1 18 Tf 30 100 Td (GIA grading report) Tj ET\nendstream endobj\n" +
    "5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
  "latin1",
);

async function shot(page: Page, name: string) {
  await fs.mkdir(SHOTS, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SHOTS, name), fullPage: true });
}

test("staff attach a certificate; the customer sees it, verifies it, downloads it and finds it in the order PDF", async ({
  page,
  request,
}) => {
  // The customer and their order, through the API.
  const email = uniqueEmail("certified");
  const reg = await request.post("/api/auth/register/", { data: { email, password: PASSWORD, confirm_password: PASSWORD } });
  expect(reg.status(), await reg.text()).toBe(201);
  const customer = (await reg.json()) as { token: string; user: unknown };
  const headers = { authorization: `Token ${customer.token}` };
  const design = await request.post("/api/designs/", {
    headers,
    data: {
      name: "Certified solitaire",
      design_type: "ring",
      description: "A round brilliant on a knife-edge platinum band.",
      metal: "Platinum 950",
      stones: "1 × Diamond 0.70 ct F VS1",
    },
  });
  expect(design.status(), await design.text()).toBe(201);
  const orderId = ((await design.json()) as { order: { id: string } }).order.id;

  // Staff attach the GIA report in the workbench.
  await signIn(page, request, STAFF_EMAIL, STAFF_PASSWORD);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/staff/orders/${orderId}`);
  const panel = page.getByTestId("certificates-panel");
  await expect(panel.getByText(/No certificates yet/)).toBeVisible();
  await panel.getByRole("button", { name: "Attach" }).click();
  const dialog = page.getByRole("dialog", { name: "Attach a certificate" });
  await expect(dialog.getByLabel(/Number/)).toBeVisible();
  await expectNoSeriousAxe(page, "the attach dialog at 390 px");
  await page.screenshot({ path: path.join(SHOTS, "certificates-staff-dialog-390.png") });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await page.setViewportSize({ width: 1280, height: 900 });
  await panel.getByRole("button", { name: "Attach" }).click();
  await dialog.getByLabel("Type").selectOption("gia");
  await dialog.getByLabel(/Number/).fill(NUMBER);
  await dialog.getByLabel(/Issued on/).fill("2026-01-15");
  await dialog.getByLabel(/Covers/).fill("1 × Diamond 0.70 ct F VS1");
  await dialog
    .getByLabel(/Choose the certificate file/)
    .setInputFiles({ name: "gia-report.pdf", mimeType: "application/pdf", buffer: PDF });
  await expect(dialog.getByText("gia-report.pdf")).toBeVisible();
  await shot(page, "certificates-staff-dialog-1280.png");
  await dialog.getByRole("button", { name: "Attach certificate" }).click();
  await expect(page.getByText("Certificate attached", { exact: true }).first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(panel.getByText(NUMBER, { exact: true })).toBeVisible();
  await expect(panel.getByRole("link", { name: /gia-report\.pdf/ })).toBeVisible();
  await expectNoSeriousAxe(page, "workbench with a certificate");
  await panel.scrollIntoViewIfNeeded();
  await panel.screenshot({ path: path.join(SHOTS, "certificates-staff-panel-1280.png") });

  // The same certificate again is refused on the number field.
  await panel.getByRole("button", { name: "Attach" }).click();
  await dialog.getByLabel(/Number/).fill(NUMBER);
  await dialog.getByLabel(/Choose the certificate file/).setInputFiles({ name: "copy.pdf", mimeType: "application/pdf", buffer: PDF });
  await dialog.getByRole("button", { name: "Attach certificate" }).click();
  await expect(dialog.getByText("This certificate is already attached to this order.")).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // The customer sees it on the Details tab, with the file and the lab's verify link.
  await storeSession(page, customer.token, customer.user);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/dashboard/orders/${orderId}`);
    const section = page.getByTestId("order-certificates");
    await expect(section.getByText(NUMBER, { exact: true })).toBeVisible();
    await expect(section.getByText("1 × Diamond 0.70 ct F VS1")).toBeVisible();
    await expect(section.getByRole("link", { name: /Verify at GIA/ })).toHaveAttribute("href", VERIFY);
    // Scoped to the section: the dashboard header's account menu has a finding of its own at 390 px
    // (label-content-name-mismatch), outside this journey.
    const { violations } = await new AxeBuilder({ page }).include('[data-testid="order-certificates"]').withTags(AXE_TAGS).analyze();
    expect(
      violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
      `certificates at ${width} px`,
    ).toEqual([]);
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: path.join(SHOTS, `certificates-customer-${width}.png`) });
  }

  // "View certificate" is the signed file: it downloads as the very PDF.
  const href = await page
    .getByTestId("order-certificates")
    .getByRole("link", { name: /View certificate/ })
    .getAttribute("href");
  expect(href).toBeTruthy();
  const file = await page.request.get(`${href}&download=1`);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("application/pdf");
  expect(file.headers()["content-disposition"]).toContain('attachment; filename="gia-report.pdf"');
  expect((await file.body()).equals(PDF)).toBe(true);

  // The order's PDF lists it with the verify link.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download Details" }).click()]);
  const pdf = await fs.readFile((await download.path()) ?? "");
  expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(pdf.toString("latin1")).toContain(`(${VERIFY})`);
});
