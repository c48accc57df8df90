import { expect, test, type Page } from "@playwright/test";
import { findMail, PASSWORD, uniqueEmail } from "./support.ts";

/**
 * The public pages are prerendered and hydrated once their script has arrived: about 0.5 s on a
 * fast machine, a few seconds on a slow phone. Here the scripts are held back by a route that
 * answers only when the test releases it, so every step before `release()` runs on the
 * prerendered HTML alone, in that window, however slow or fast the machine is. Each journey
 * then shows that nothing typed or clicked in the window was lost.
 */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^/?]+\.js(\?.*)?$/, async (route) => {
    await released;
    // The page may have navigated away (a form sent before hydration) and dropped the request.
    await route.continue().catch(() => undefined);
  });
  return release;
}

const LINK = "https://www.example-jeweller.com/rings/emerald-halo-ring?size=6";
const hydrated = (page: Page) => page.locator("html[data-hydrated]");

async function expectNotHydrated(page: Page) {
  expect(await hydrated(page).count(), "the page must not be hydrated yet").toBe(0);
}

/** Lets the scripts through and waits for hydration; returns how long that took. */
async function hydrate(page: Page, release: () => void): Promise<number> {
  const start = Date.now();
  release();
  await hydrated(page).waitFor({ state: "attached" });
  const ms = Date.now() - start;
  test.info().annotations.push({ type: "hydrated after the scripts were released", description: `${ms} ms` });
  return ms;
}

test.describe("before hydration", () => {
  test("text typed into the contact form is kept through hydration and sent", async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto("/contact", { waitUntil: "commit" });
    const form = page.getByRole("form", { name: "Contact form" });
    const email = uniqueEmail("early");
    await form.getByLabel("Name").pressSequentially("Ananya Rao");
    await form.getByLabel("Email").pressSequentially(email);
    await form.getByLabel("Design idea").fill("An emerald halo ring in 18k gold, size 6.");
    await expectNotHydrated(page);

    await hydrate(page, release);
    for (const [label, value] of [
      ["Name", "Ananya Rao"],
      ["Email", email],
      ["Design idea", "An emerald halo ring in 18k gold, size 6."],
    ] as const) {
      await expect(form.getByLabel(label)).toHaveValue(value);
    }
    // Typing after hydration leaves the earlier text alone.
    await form.getByLabel("Phone").pressSequentially("+91 98765 43210");
    await expect(form.getByLabel("Name")).toHaveValue("Ananya Rao");

    // The form sends what the visitor sees, typed before and after hydration.
    const response = page.waitForResponse((r) => r.url().endsWith("/api/leads/") && r.request().method() === "POST");
    await form.getByRole("button", { name: "Send message" }).click();
    const res = await response;
    expect(res.status()).toBe(201);
    expect(await res.json()).toMatchObject({
      name: "Ananya Rao",
      email,
      phone: "+91 98765 43210",
      design_idea: "An emerald halo ring in 18k gold, size 6.",
      source: "contact",
    });
    await expect(page.getByText("Thank you, we have your message", { exact: true })).toBeVisible();
  });

  test("the landing page's lead form is checked and sent by the browser itself before hydration", async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto("/", { waitUntil: "commit" });
    const form = page.getByRole("form", { name: "Share your design idea" });
    const send = form.getByRole("button", { name: "Send my idea" });

    // Empty: the browser refuses to send it and stays on the page.
    await send.click();
    expect(await form.getByLabel("Name").evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
    await expect(page).toHaveURL(/\/$/);

    const email = uniqueEmail("nojs");
    await form.getByLabel("Name").fill("Sam Carter");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Phone").fill("call me");
    await send.click();
    expect(await form.getByLabel("Phone").evaluate((el: HTMLInputElement) => el.validity.patternMismatch)).toBe(true);
    await form.getByLabel("Phone").fill("+44 20 7946 0958");
    await form.getByLabel("Design idea").fill("A sapphire pendant for my mother.");
    await expectNotHydrated(page);
    await send.click();

    // The server stored it and sent the browser back with the result, still without script.
    await expect(page).toHaveURL(/\/#lead-sent$/);
    const notice = page.locator("#lead-sent");
    await expect(notice).toBeVisible();
    await expect(notice).toHaveText("Thank you, we have your message. A designer will reply within 24 hours.");
    await expect(page.locator("#lead-not-sent")).toBeHidden();
    await expect(page.locator("#lead-throttled")).toBeHidden();
    await expectNotHydrated(page);
    if (process.env.E2E_DATA_DIR) {
      const mail = await findMail(email, "New enquiry from");
      expect(mail).toContain("New enquiry from Sam Carter");
      expect(mail).toContain("A sapphire pendant for my mother.");
      expect(mail).toContain("+44 20 7946 0958");
    }
    await hydrate(page, release);
    await expect(notice).toBeVisible();
  });

  test("'Share Jewelry Link' leads to the quote page, whose link survives sign-up", async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto("/", { waitUntil: "commit" });
    await page.getByRole("button", { name: "Share Jewelry Link" }).first().click();

    // A working page, not a dead button: the quote form, without script.
    await expect(page).toHaveURL(/\/quote\??$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Get Your Instant Quote");
    await expectNotHydrated(page);
    const input = page.getByLabel("Jewelry Product Link");
    await expect(input).toHaveAttribute("type", "url");
    await input.fill(LINK);
    await page.getByRole("button", { name: "Get Quote" }).click();

    // The browser carries the link to sign-up, which keeps it as the pending design.
    await expect(page).toHaveURL(/\/signup\?link=/);
    release();
    await expect(page.getByRole("heading", { name: "Create Your Account" })).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);
    expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem("pendingDesign"))) ?? "null")).toEqual({
      type: "link",
      data: LINK,
    });

    await page.getByLabel("Email").fill(uniqueEmail("early-quote"));
    await page.getByLabel("Password", { exact: false }).first().fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Design data recovered", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/new-design$/);
    const linkInput = page.locator('input[type="url"]').first();
    if (await linkInput.count()) await expect(linkInput).toHaveValue(LINK);
  });

  test("a link typed into the quote page before hydration is kept, and the dialog takes over after it", async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto("/quote", { waitUntil: "commit" });
    await page.getByLabel("Jewelry Product Link").pressSequentially(LINK);
    await expectNotHydrated(page);
    await hydrate(page, release);
    await expect(page.getByLabel("Jewelry Product Link")).toHaveValue(LINK);
    // Hydrated, the page reads the link itself; this shop cannot be reached, so the link goes on to sign-up.
    await page.getByRole("button", { name: "Get Quote" }).click();
    await page.getByRole("button", { name: "Continue with this link" }).click();
    await expect(page).toHaveURL(/\/signup$/);
    expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem("pendingDesign"))) ?? "null")).toEqual({
      type: "link",
      data: LINK,
    });

    // On a hydrated page the same button opens the dialog instead of leaving.
    await page.goto("/how-it-works");
    await hydrated(page).waitFor({ state: "attached" });
    const button = page.getByRole("button", { name: "Share Jewelry Link" });
    await expect(button).toHaveAttribute("aria-haspopup", "dialog");
    await button.click();
    await expect(page.getByRole("dialog", { name: "Get Your Instant Quote" })).toBeVisible();
    await expect(page).toHaveURL(/\/how-it-works$/);
  });
});
