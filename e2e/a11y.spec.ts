import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

const PUBLIC_PAGES = ["/", "/how-it-works", "/gallery", "/contact", "/faq", "/quote", "/privacy", "/terms"];
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

async function expectNoViolations(page: Page, label: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const summary = violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(summary, `${label}: ${summary.join("\n")}`).toEqual([]);
}

for (const width of [1280, 390]) {
  test.describe(`public pages at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 600 ? 844 : 800 } });

    for (const path of PUBLIC_PAGES) {
      test(`${path} has no axe violations`, async ({ page }) => {
        await page.goto(path);
        await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
        await page.waitForLoadState("networkidle");
        await expectNoViolations(page, path);
      });
    }
  });
}

test("the prerendered pages, before their script has run, have no axe violations", async ({ page }) => {
  // Held back: the page stays as prerendered (see before-hydration.spec.ts).
  await page.route(/\/assets\/[^/?]+\.js(\?.*)?$/, (route) => route.abort());
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    for (const path of ["/", "/contact", "/quote"]) {
      await page.goto(path, { waitUntil: "commit" });
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await page.locator("html[data-hydrated]").count()).toBe(0);
      await expectNoViolations(page, `${path} at ${width} px before hydration`);
    }
  }
});

test("the lead form's result notices have no axe violations", async ({ page }) => {
  for (const result of ["lead-sent", "lead-not-sent"]) {
    await page.goto(`/contact#${result}`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect(page.locator(`#${result}`)).toBeVisible();
    await expectNoViolations(page, `/contact#${result}`);
  }
});

test("the 404 page has no axe violations", async ({ page }) => {
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expectNoViolations(page, "404");
});

test("the quote dialog and the mobile menu have no axe violations", async ({ page }) => {
  await page.goto("/");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByRole("button", { name: "Share Jewelry Link" }).first().click();
  await expect(page.getByRole("dialog", { name: "Get Your Instant Quote" })).toBeVisible();
  await expectNoViolations(page, "quote dialog");
  await page.keyboard.press("Escape");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
  await expectNoViolations(page, "mobile menu");
});

test("the skip link is the first stop, visible when focused, and moves focus to the content", async ({ page }) => {
  await page.goto("/");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  const box = await skip.boundingBox();
  expect(box && box.width > 20 && box.height > 10).toBe(true);
  await page.keyboard.press("Enter");
  await expect(page.locator("main#main")).toBeFocused();
  // The next Tab continues inside the page, not back in the header.
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.activeElement?.closest("main") !== null)).toBe(true);
});

test("keyboard focus is visible on links and buttons", async ({ page }) => {
  await page.goto("/");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  const outline = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const s = getComputedStyle(el);
    return { style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
  });
  expect(outline.style).not.toBe("none");
  expect(outline.width).toBeGreaterThan(0);
});
