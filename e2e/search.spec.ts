import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { SCREENSHOT_DIR, STAFF_EMAIL, STAFF_PASSWORD, expectNoSeriousAxe, signIn, signInAsNewCustomer } from "./support";

async function saveDesign(request: APIRequestContext, token: string, name: string, description: string) {
  const res = await request.post("/api/designs/", {
    headers: { authorization: `Token ${token}` },
    data: { name, description, design_type: "ring", metal: "18K Rose Gold" },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; order: { id: string; order_number: string } };
}

test("the top bar finds an order by its number and a design by a word of its description", async ({ page, request }) => {
  const customer = await signInAsNewCustomer(page, request);
  const word = `tourmaline${Date.now().toString(36)}`;
  const ring = await saveDesign(request, customer.token, "Garden party ring", `A watermelon ${word} in a rose gold basket`);
  const band = await saveDesign(request, customer.token, "Wedding band", "A plain comfort-fit band");

  await page.goto("/dashboard");
  const box = page.getByRole("combobox", { name: "Search designs and orders" });

  // An order by its number.
  await box.fill(band.order.order_number);
  const orderOption = page.getByRole("group", { name: "Orders" }).getByRole("option", { name: new RegExp(band.order.order_number) });
  await expect(orderOption).toBeVisible();
  await expect(page.getByRole("group", { name: "Orders" })).toBeVisible();
  await orderOption.click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${band.order.id}$`));

  // A design by a word of its description (its first letters are enough).
  await box.fill(word.slice(0, 12));
  const designOption = page.getByRole("option", { name: /Garden party ring/ }).first();
  await expect(designOption).toBeVisible();
  await expectNoSeriousAxe(page, "search results list");
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, "search-combobox-1280.png") });
  await page
    .getByRole("group", { name: "Designs" })
    .getByRole("option", { name: /Garden party ring/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/designs/${ring.id}$`));
});

test("the search box works from the keyboard: arrows, Enter, Escape, and the results page", async ({ page, request }) => {
  const customer = await signInAsNewCustomer(page, request);
  const first = await saveDesign(request, customer.token, "Cocktail ring", "An oval amethyst with a diamond halo");
  await saveDesign(request, customer.token, "Amethyst drops", "Two pear amethysts on hooks");

  await page.goto("/dashboard");
  const box = page.getByRole("combobox", { name: "Search designs and orders" });
  await box.click();
  await page.keyboard.type("amethyst");
  await expect(page.getByRole("group", { name: "Designs" }).getByRole("option")).toHaveCount(2);
  await expect(box).toHaveAttribute("aria-expanded", "true");

  // Escape closes the list and keeps the text; a second Escape clears it.
  await page.keyboard.press("Escape");
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await expect(box).toHaveValue("amethyst");
  await page.keyboard.press("ArrowDown");
  await expect(box).toHaveAttribute("aria-expanded", "true");

  // The arrows move the highlight (aria-activedescendant); Enter opens the highlighted result.
  const options = page.getByRole("option");
  await page.keyboard.press("ArrowDown");
  const firstId = await options.first().getAttribute("id");
  await expect(box).toHaveAttribute("aria-activedescendant", firstId!);
  await expect(options.first()).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowUp");
  await expect(box).toHaveAttribute("aria-activedescendant", (await options.last().getAttribute("id"))!);
  await expect(options.last()).toHaveText(/See all results for “amethyst”/);
  await page.keyboard.press("ArrowDown");
  const target = await options.first().textContent();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard\/(orders|designs)\/[0-9a-f-]{36}$/);
  expect(target).toBeTruthy();

  // Enter with nothing highlighted: the results page, every group.
  await box.fill("amethyst");
  await expect(page.getByRole("option").first()).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard\/search\?q=amethyst$/);
  await expect(page.getByRole("heading", { name: "Results for “amethyst”" })).toBeVisible();
  await expect(page.getByTestId("results-design").getByRole("link")).toHaveCount(2);
  await expect(page.getByTestId("results-order").getByRole("link")).toHaveCount(1);
  await page
    .getByTestId("results-design")
    .getByRole("link", { name: /Cocktail ring/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/designs/${first.id}$`));

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/dashboard");
  await page.getByRole("link", { name: "Search" }).click();
  await page.getByRole("searchbox", { name: "Search again" }).fill("amethyst");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("results-design").getByRole("link")).toHaveCount(2);
  await expectNoSeriousAxe(page, "search results page");
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, "search-results-390.png"), fullPage: true });
});

test("staff find customers, orders and designs from the console's top bar", async ({ page, request }) => {
  const shopper = await signInAsNewCustomer(page, request);
  const design = await saveDesign(request, shopper.token, "Anniversary pendant", "A sapphire teardrop");
  await signIn(page, request, STAFF_EMAIL, STAFF_PASSWORD);
  await page.goto("/staff");
  const box = page.getByRole("combobox", { name: "Search orders, designs and customers" });
  await box.fill(shopper.email);
  await expect(page.getByRole("group", { name: "Customers" }).getByRole("option", { name: new RegExp(shopper.email) })).toBeVisible();
  await box.fill(design.order.order_number);
  await page
    .getByRole("group", { name: "Orders" })
    .getByRole("option", { name: new RegExp(design.order.order_number) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/staff/orders/${design.order.id}$`));
});
