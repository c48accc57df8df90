import { expect, test } from "@playwright/test";
import { ADMIN_EMAIL, ADMIN_PASSWORD, expectNoSeriousAxe, findMail, SCREENSHOT_DIR, signIn, STAFF_EMAIL, STAFF_PASSWORD, uniqueEmail } from "./support.ts";

/**
 * The background jobs screen: an e-mail caused by a request is queued and sent by the server's
 * worker (the mail file appears, the screen counts it done); a failed job shows its reason and is
 * retried; staff get the 404 page and the API's 403.
 */

test("an admin sees the queue's health and retries a failed job; staff may not", async ({ page, request }) => {
  // A request that queues an e-mail: the forgot-password link, sent by the worker moments later.
  const email = uniqueEmail("jobs");
  expect((await request.post("/api/auth/register/", { data: { email, password: "Velvet-Garnet-42", confirm_password: "Velvet-Garnet-42" } })).status()).toBe(201);
  expect((await request.post("/api/auth/forgot-password/", { data: { email } })).status()).toBe(200);
  await findMail(`To: ${email}`, "Reset your password");

  const admin = await signIn(page, request, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto("/staff/jobs");
  await expect(page.getByRole("heading", { name: "Background jobs", level: 1 })).toBeVisible();
  const done = page.getByTestId("queue-health").locator("div", { hasText: "Done, last 24 h" });
  await expect(done.locator("dd").first()).not.toHaveText("0");
  await expect(page.getByRole("heading", { name: "No failed jobs" })).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForLoadState("networkidle");
    if (width !== 390) await expectNoSeriousAxe(page, `background jobs at ${width} px`);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/staff-jobs-empty-${width}.png`, fullPage: true });
  }

  // A failed job as the server would list it (a real one needs an SMTP server that rejects the address: jobs.test.ts).
  const failed = {
    id: "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa",
    kind: "mail",
    kind_label: "E-mail",
    summary: "To meera@example.com: quote issued",
    status: "failed",
    attempts: 1,
    last_error: "Can't send mail - all recipients were rejected: 550 5.1.1 <meera@example.com>: Recipient address rejected",
    created_at: new Date(Date.now() - 40 * 60_000).toISOString(),
    run_at: new Date(Date.now() - 40 * 60_000).toISOString(),
    finished_at: new Date(Date.now() - 39 * 60_000).toISOString(),
  };
  let retried = false;
  await page.route("**/api/staff/jobs/failed/**", (route) =>
    route.fulfill({ json: { count: retried ? 0 : 1, next: null, previous: null, results: retried ? [] : [failed] } }),
  );
  await page.route("**/api/staff/jobs/", (route) =>
    route.fulfill({
      json: {
        pending: 4,
        running: 0,
        retrying: 4,
        failed: retried ? 0 : 1,
        oldest_pending_at: new Date(Date.now() - 2 * 3600_000).toISOString(),
        oldest_pending_age_seconds: 2 * 3600 + 5 * 60,
        done_last_24h: 57,
        checked_at: new Date().toISOString(),
      },
    }),
  );
  await page.route(`**/api/staff/jobs/${failed.id}/retry/`, (route) => {
    retried = true;
    return route.fulfill({ json: { ...failed, status: "pending", attempts: 0 } });
  });
  await page.reload();
  await expect(page.getByText("550 5.1.1 <meera@example.com>: Recipient address rejected")).toBeVisible();
  await expect(page.getByText(/The oldest job has waited 2 h 5 min/)).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForLoadState("networkidle");
    if (width !== 390) await expectNoSeriousAxe(page, `failed jobs at ${width} px`);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/staff-jobs-failed-${width}.png`, fullPage: true });
  }
  await page.getByRole("button", { name: "Retry: To meera@example.com: quote issued" }).click();
  await expect(page.getByText("Job queued again", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No failed jobs" })).toBeVisible();
  await page.unrouteAll();

  // The real API: admins read it, staff get 403 and the 404 page.
  expect((await request.get("/api/staff/jobs/", { headers: admin.headers })).status()).toBe(200);
  const staff = await signIn(page, request, STAFF_EMAIL, STAFF_PASSWORD);
  expect((await request.get("/api/staff/jobs/", { headers: staff.headers })).status()).toBe(403);
  await page.goto("/staff/jobs");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});
