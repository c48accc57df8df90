import fs from "node:fs/promises";
import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { ringGlb, ringObj, ringRhino, ringStep, ringStl } from "./fixtures/models/ring-models.ts";
import { expectNoSeriousAxe, orderAwaitingCad, STAFF_EMAIL, STAFF_PASSWORD, storeSession } from "./support.ts";

/**
 * The customer's 3D review of CAD versions: a ring uploaded by staff in each format the upload
 * accepts (files written by ./fixtures/models/ring-models.ts) opens in the viewer with its size,
 * turns under the mouse, a broken file says so while its renderings still open, and two versions
 * compare side by side with what was asked for between them.
 *
 * WebGL: Debian's Chromium renders it headless with SwiftShader (ANGLE on Vulkan) under the
 * config's flags (`--disable-gpu` included); no extra flag is needed.
 */

const SHOTS = process.env.SCREENSHOT_DIR ?? "/tmp/atelier-screens";

/** A GLB whose header is right (the upload accepts it) and whose JSON is not: the viewer cannot read it. */
function brokenGlb(): Buffer {
  const json = Buffer.from("{ this is not json }", "utf8");
  const head = Buffer.alloc(20);
  head.write("glTF", 0, "latin1");
  head.writeUInt32LE(2, 4);
  head.writeUInt32LE(20 + json.length, 8);
  head.writeUInt32LE(json.length, 12);
  head.writeUInt32LE(0x4e4f534a, 16);
  return Buffer.concat([head, json]);
}

// CSS locators: role queries over a page of several WebGL canvases were slow (tens of seconds) in SwiftShader runs.
const viewerOf = (page: Page, n: number) => page.locator(`[data-testid="model-viewer"][data-version="${n}"]`).first();

/** Shows version n's 3D model on its stage (the newest opens by itself; the others on their "3D" tile). */
async function openModel(page: Page, n: number): Promise<Locator> {
  const tile = page.locator(`button[aria-label^="View version ${n} in 3D"]`);
  if ((await tile.getAttribute("aria-pressed")) !== "true") await tile.click();
  return viewerOf(page, n);
}

test("a customer reviews CAD versions in 3D and compares two of them", async ({ page, request }) => {
  test.setTimeout(480_000);
  const rendering = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 226, g: 196, b: 170 } } })
    .png()
    .toBuffer();
  const order = await orderAwaitingCad(request, `Rose band ${Date.now().toString(36)}`);
  const uploads: [string, Buffer][] = [
    ["ring.glb", brokenGlb()],
    ["ring.stl", ringStl()],
    ["ring.obj", ringObj()],
    ["ring.glb", ringGlb()],
    ["ring.3dm", await ringRhino()],
    ["ring.step", ringStep()],
  ];
  for (const [i, [name, buffer]] of uploads.entries()) {
    if (i === 5) await order.comment("Please make the band a touch wider at the top.");
    await order.uploadCad(rendering, `Version in ${name.split(".")[1]!.toUpperCase()}`, { name, buffer });
  }
  // A .stl that is not an STL is refused by content.
  const refused = await request.post(`/api/staff/orders/${order.orderId}/cad-designs/`, {
    headers: order.staff,
    multipart: {
      images: { name: "render.png", mimeType: "image/png", buffer: rendering },
      model: { name: "ring.stl", mimeType: "model/stl", buffer: Buffer.from("hello, this is not a model\n".repeat(10)) },
    },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toEqual({ model: ["ring.stl is not a 3D model we can read (STL, OBJ, GLB, 3DM or STEP)."] });

  await page.setViewportSize({ width: 1280, height: 900 });
  await storeSession(page, order.customer.token, order.customer.user);
  await page.goto(`/dashboard/orders/${order.orderId}`);
  // The order waits for approval, so it opens on the CAD tab; the newest model (STEP) opens by itself.
  await expect(page.locator('[role="tab"]', { hasText: "CAD Designs" })).toHaveAttribute("aria-selected", "true");

  const expected: [number, string, string][] = [
    [6, "step", "20.0 × 2.0 × 20.0 mm"],
    [5, "3dm", "20.0 × 2.0 × 20.0 mm"],
    [4, "glb", "20.0 × 2.0 × 20.0 mm"], // glTF is in metres: 0.02 m is 20 mm
    [3, "obj", "20.0 × 20.0 × 2.0 mm"], // OBJ is Y up: the band lies flat
    [2, "stl", "20.0 × 2.0 × 20.0 mm"],
  ];
  for (const [n, format, size] of expected) {
    const viewer = await openModel(page, n);
    await expect(viewer, `version ${n} (${format})`).toHaveAttribute("data-state", "ready", { timeout: 150_000 });
    await expect(viewer).toHaveAttribute("data-format", format);
    await expect(viewer.getByTestId("model-size")).toContainText(size);
    await expect(viewer.getByTestId("model-size")).toContainText("Rose gold");
    await expect(viewer.getByTestId("model-inner-diameter")).toHaveText("Inner diameter 17.0 mm");
  }

  // Orbiting changes what the canvas shows; Reset and the turntable answer.
  const stl = viewerOf(page, 2);
  const canvas = stl.getByTestId("model-canvas");
  await canvas.scrollIntoViewIfNeeded();
  const before = await canvas.screenshot();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 140, box.y + box.height / 2 + 40, { steps: 8 });
  await page.mouse.up();
  await page.waitForTimeout(600);
  const after = await canvas.screenshot();
  expect(after.equals(before)).toBe(false);
  await stl.getByRole("button", { name: "Reset view" }).click();
  await stl.getByRole("button", { name: "Turntable" }).click();
  await expect(stl.getByRole("button", { name: "Turntable" })).toHaveAttribute("aria-pressed", "true");
  // Off again: a software-rendered turntable keeps a core busy.
  await stl.getByRole("button", { name: "Turntable" }).click();

  // The broken file says so; its rendering still opens.
  const broken = await openModel(page, 1);
  await expect(broken).toHaveAttribute("data-state", "error", { timeout: 30_000 });
  await expect(broken.getByTestId("model-error")).toContainText("could not be read");
  await expect(broken.getByTestId("model-error")).toContainText("The renderings still show the design.");
  const brokenMedia = page.getByTestId("cad-media").filter({ has: broken });
  await brokenMedia.locator('button[aria-label="Show rendering 1 of 1"]').click();
  await expect(broken).toBeHidden();
  await page.locator('button[aria-label="View CAD version 1 in full size"]').click();
  await expect(page.locator('[role="dialog"] img[alt^="CAD design, version 1"]')).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.locator('[role="dialog"]')).toHaveCount(0);

  await fs.mkdir(SHOTS, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SHOTS, "cad-viewer-1280.png"), fullPage: true });
  await expectNoSeriousAxe(page, "CAD tab with models");

  // Compare: the two newest versions side by side, both models drawn, the request in between.
  await page.locator("button", { hasText: "Compare versions" }).click();
  const dialog = page.locator('[role="dialog"]', { hasText: "Compare versions" });
  const viewers = dialog.getByTestId("model-viewer");
  await expect(viewers).toHaveCount(2);
  for (const v of await viewers.all()) await expect(v).toHaveAttribute("data-state", "ready", { timeout: 150_000 });
  await expect(dialog.locator("canvas")).toHaveCount(2);
  await expect(dialog.getByTestId("compare-column").first()).toContainText("Version 5");
  await expect(dialog.getByTestId("compare-column").last()).toContainText("Version 6");
  await expect(dialog.getByTestId("compare-changes")).toContainText("Please make the band a touch wider at the top.");
  // Turning one model turns the other (linked cameras).
  const right = viewers.last().getByTestId("model-canvas");
  const rightBefore = await right.screenshot();
  const left = (await viewers.first().getByTestId("model-canvas").boundingBox())!;
  await page.mouse.move(left.x + left.width / 2, left.y + left.height / 2);
  await page.mouse.down();
  await page.mouse.move(left.x + left.width / 2 - 150, left.y + left.height / 2, { steps: 8 });
  await page.mouse.up();
  await page.waitForTimeout(600);
  expect((await right.screenshot()).equals(rightBefore)).toBe(false);
  // Earlier versions: nothing was asked between 2 and 3.
  await dialog.getByLabel("Left").selectOption({ label: "Version 2" });
  await dialog.getByLabel("Right").selectOption({ label: "Version 3" });
  await expect(dialog.getByTestId("compare-changes")).toContainText("No comments were posted between these two uploads.");
  await page.screenshot({ path: path.join(SHOTS, "cad-compare-1280.png") });
  await expectNoSeriousAxe(page, "comparison");
  await page.keyboard.press("Escape");

  // On a phone: the viewer stacks under the rendering.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SHOTS, "cad-viewer-390.png"), fullPage: true });
});

/**
 * Issue 22: opening the CAD tab must never freeze the page. Every long task (>= 50 ms: the browser's
 * own 'longtask' entries, observed with buffered: true from before the navigation) is recorded with
 * its start. The order is reached through the app's router (the app opened on another page first,
 * as a customer does) and the tasks that begin once the CAD section's renderings are on screen
 * (`cad-media:shown`) until the model's first frame (`cad-model:ready`) must all stay under 200 ms:
 * loading the viewer's code, starting the worker, the download, parsing, WebGL's set-up and the first
 * frame. Shader compilation and every frame happen in the model worker (OffscreenCanvas), parsing
 * too; the page's thread only lays out the tab and turns the camera.
 * The order page's own render before that (React and the first layout, as long without any CAD
 * version: 220 to 1 200 ms at a load average of 20 on this two-core machine) is logged, not asserted.
 * Before the worker drew the model this failed: one task of 6.5 s (the model shown 8 s after
 * navigation), 4.6 s in another run.
 */
const LONG_TASK_LIMIT_MS = 200;

async function recordLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __longTasks: { start: number; duration: number }[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: "longtask", buffered: true });
  });
}

/** Goes to a path through the app's router (no page load), and answers when it started on the page's clock. */
const routerNavigate = (page: Page, href: string) =>
  page.evaluate((to) => {
    window.history.pushState(null, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
    return performance.now();
  }, href);

async function expectNoLongTaskOpening(page: Page, who: string, href: string, viewer: Locator): Promise<void> {
  const navigated = await routerNavigate(page, href);
  await expect(viewer).toHaveAttribute("data-state", "ready", { timeout: 150_000 });
  const figures = await page.evaluate((since) => {
    const last = (name: string) => performance.getEntriesByName(name).at(-1)?.startTime ?? NaN;
    const tasks = (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks.filter((t) => t.start + t.duration > since);
    // Without the mark (a build before this test), everything from the navigation counts.
    const shown = Number.isNaN(last("cad-media:shown")) ? since : last("cad-media:shown");
    return {
      shown: shown - since,
      ready: last("cad-model:ready") - since,
      viewer: Math.max(0, ...tasks.filter((t) => t.start >= shown).map((t) => t.duration)),
      page: Math.max(0, ...tasks.filter((t) => t.start < shown).map((t) => t.duration)),
      all: tasks.map((t) => `${Math.round(t.start - since)}+${Math.round(t.duration)}`).join(" "),
    };
  }, navigated);
  console.log(
    `${who}: longest task ${Math.round(figures.viewer)} ms from the renderings on screen (${Math.round(figures.shown)} ms) to the model (${Math.round(figures.ready)} ms after opening the order); ` +
      `the order page's render before: ${Math.round(figures.page)} ms; long tasks (start+ms): ${figures.all || "none"}`,
  );
  expect(figures.viewer, `${who}: longest task while the CAD section opens its model`).toBeLessThan(LONG_TASK_LIMIT_MS);
}

test("opening the CAD tab and its model never blocks the page for 200 ms or more (customer and staff)", async ({ page, request }) => {
  test.setTimeout(300_000);
  const order = await orderAwaitingCad(request, `Long task band ${Date.now().toString(36)}`);
  // Three renderings (front, side, top in three tones) and the ring as STL.
  const form = new FormData();
  for (const [i, tone] of [[226, 196, 170], [190, 160, 120], [150, 120, 90]].entries()) {
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: tone[0]!, g: tone[1]!, b: tone[2]! } } }).png().toBuffer();
    form.append("images", new Blob([png], { type: "image/png" }), `render-${i + 1}.png`);
  }
  form.append("model", new Blob([new Uint8Array(ringStl())], { type: "application/octet-stream" }), "ring.stl");
  form.append("description", "First version: front, side and top.");
  const uploaded = await request.post(`/api/staff/orders/${order.orderId}/cad-designs/`, { headers: order.staff, multipart: form });
  expect(uploaded.status(), await uploaded.text()).toBe(201);

  await recordLongTasks(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await storeSession(page, order.customer.token, order.customer.user);
  await page.goto("/dashboard/orders");
  await expect(page.locator("h1")).toBeVisible();
  await expectNoLongTaskOpening(page, "customer", `/dashboard/orders/${order.orderId}`, viewerOf(page, 1));
  // The order opens on its CAD tab (a version waits for approval); the model takes the column's width, its tools above it.
  await expect(page.locator('[role="tab"]', { hasText: "CAD Designs" })).toHaveAttribute("aria-selected", "true");
  await expectFullWidthViewer(page, page.getByTestId("cad-design").first());
  await fs.mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, "cad-tab-customer-1280.png"), fullPage: true });
  // Every rendering is on the strip beside the model; one opens large, and full size in the lightbox.
  const media = page.getByTestId("cad-media").first();
  await expect(media.locator('button[aria-label^="Show rendering"]')).toHaveCount(3);
  await media.locator('button[aria-label="Show rendering 2 of 3"]').click();
  await expect(media.locator('button[aria-label="Show rendering 2 of 3"]')).toHaveAttribute("aria-pressed", "true");
  await expect(viewerOf(page, 1)).toBeHidden();
  await media.getByTestId("cad-rendering").click();
  await expect(page.locator('[role="dialog"] img')).toBeVisible();
  await page.keyboard.press("Escape");
  // Back to the model: still drawn (no second download), and it turns.
  await media.locator('button[aria-label^="View version 1 in 3D"]').click();
  await expect(viewerOf(page, 1)).toBeVisible();
  await expect(viewerOf(page, 1)).toHaveAttribute("data-state", "ready");
  await page.setViewportSize({ width: 390, height: 844 });
  await expectFullWidthViewer(page, page.getByTestId("cad-design").first());
  await page.screenshot({ path: path.join(SHOTS, "cad-tab-customer-390.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  const login = await request.post("/api/auth/login/", { data: { email: STAFF_EMAIL, password: STAFF_PASSWORD } });
  const staff = (await login.json()) as { token: string; user: unknown };
  await storeSession(page, staff.token, staff.user);
  await page.goto("/staff");
  await expect(page.locator("h1")).toBeVisible();
  await expectNoLongTaskOpening(page, "staff", `/staff/orders/${order.orderId}`, page.getByTestId("cad-panel").locator('[data-testid="model-viewer"][data-version="1"]'));
  await expect(page.getByTestId("cad-panel").locator('button[aria-label^="Show rendering"]')).toHaveCount(3);
  await expectFullWidthViewer(page, page.getByTestId("cad-version").first());
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SHOTS, "cad-panel-staff-1280.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectFullWidthViewer(page, page.getByTestId("cad-version").first());
  await page.screenshot({ path: path.join(SHOTS, "cad-panel-staff-390.png"), fullPage: true });
  await expectNoSeriousAxe(page, "staff CAD panel with the model");
});

/** The model's stage spans its card (less the card's padding) and its tools sit above it, not over it. */
async function expectFullWidthViewer(page: Page, card: Locator): Promise<void> {
  const cardBox = (await card.boundingBox())!;
  const viewer = card.getByTestId("model-viewer").first();
  const canvasBox = (await viewer.getByTestId("model-canvas").boundingBox())!;
  const toolsBox = (await viewer.getByRole("group", { name: /: view$/ }).boundingBox())!;
  expect(canvasBox.width, "the model spans its card").toBeGreaterThan(cardBox.width - 40);
  expect(canvasBox.height / canvasBox.width).toBeGreaterThan(0.55);
  expect(toolsBox.y + toolsBox.height, "the tools are above the model").toBeLessThanOrEqual(canvasBox.y + 1);
  expect(page.viewportSize()!.width).toBeGreaterThanOrEqual(canvasBox.x + canvasBox.width);
}
