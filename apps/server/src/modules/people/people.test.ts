import type { AuditEntry, AuthResponse, Paginated, StaffPerson } from "@atelier/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authedInject, buildTestApp, createStaff, randomIp, signUp, TEST_PASSWORD, uniqueEmail, type TestApp } from "../../test/helpers.ts";
import { submitDesign } from "../orders/test-support.ts";

let t: TestApp;
let admin: AuthResponse;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createStaff(t, "admin");
});
afterAll(async () => {
  await t.close();
});

const NEW_PASSWORD = "Quartz-Lantern-77";

const createPerson = (token: string, payload: Record<string, unknown>) =>
  authedInject(t, token, { method: "POST", url: "/api/staff/people/", payload });
const patchPerson = (token: string, id: string, payload: Record<string, unknown>) =>
  authedInject(t, token, { method: "PATCH", url: `/api/staff/people/${id}/`, payload });
const listPeople = (token: string, query = "") => authedInject(t, token, { method: "GET", url: `/api/staff/people/${query}` });
const login = (email: string, password: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/login/", payload: { email, password }, remoteAddress: randomIp() });
const me = (token: string) => authedInject(t, token, { method: "GET", url: "/api/auth/user/" });

async function auditRows(targetId: string): Promise<AuditEntry[]> {
  const res = await authedInject(t, admin.token, { method: "GET", url: `/api/staff/audit/?search=${targetId}` });
  return res.json<Paginated<AuditEntry>>().results;
}

/** The set-password link of the newest e-mail to `email`. */
async function welcomeLink(email: string): Promise<{ url: string; uid: string; token: string }> {
  await t.services.auth.drain();
  const mail = t.mailer.sent.filter((m) => m.to === email).at(-1);
  if (!mail) throw new Error(`no e-mail to ${email}`);
  const match = /(http:\/\/app\.test\/reset-password\/([^/\s]+)\/([^/?\s]+)\?welcome=1)/.exec(mail.text);
  if (!match) throw new Error(`no set-password link in: ${mail.text}`);
  return { url: match[1]!, uid: match[2]!, token: match[3]! };
}

async function newStaff(role: "staff" | "admin" = "staff", token = admin.token) {
  const email = uniqueEmail(`invited-${role}`);
  const res = await createPerson(token, { email, first_name: "Mira", last_name: "Kapoor", role });
  expect(res.statusCode).toBe(201);
  const person = res.json<StaffPerson>();
  const { uid, token: resetToken } = await welcomeLink(email);
  const set = await t.app.inject({
    method: "POST",
    url: "/api/auth/reset-password/",
    payload: { uid, token: resetToken, new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
    remoteAddress: randomIp(),
  });
  expect(set.statusCode).toBe(200);
  const signedIn = await login(email, NEW_PASSWORD);
  expect(signedIn.statusCode).toBe(200);
  return { person, email, token: signedIn.json<AuthResponse>().token };
}

describe("creating a staff account", () => {
  it("makes the account without a password, e-mails a one-time 72-hour link, and the link sets the password", async () => {
    const email = uniqueEmail("Jeweller");
    const res = await createPerson(admin.token, { email: `  ${email} `, first_name: "Mira", last_name: "Kapoor", role: "staff" });
    expect(res.statusCode).toBe(201);
    const person = res.json<StaffPerson>();
    expect(person).toEqual({
      id: expect.any(String) as string,
      email: email.toLowerCase(),
      first_name: "Mira",
      last_name: "Kapoor",
      role: "staff",
      is_active: true,
      date_joined: expect.any(String) as string,
      last_seen_at: null,
      order_count: 0,
    });

    // No password works before the link is used: not even an empty or a guessable one.
    expect((await login(email, "")).statusCode).toBe(400);
    expect((await login(email, TEST_PASSWORD)).json()).toEqual({ non_field_errors: ["Unable to log in with provided credentials."] });

    await t.services.auth.drain();
    const mail = t.mailer.sent.filter((m) => m.to === email.toLowerCase()).at(-1);
    expect(mail?.subject).toBe("Your Aurelia Atelier staff account");
    expect(mail?.text.replace(/\s+/g, " ")).toContain("The link works once and expires in 72 hours");
    expect(mail?.html).toContain("Aurelia Atelier");
    const link = await welcomeLink(email.toLowerCase());
    expect(Buffer.from(link.uid, "base64url").toString()).toBe(person.id);

    // Still valid after 71 hours.
    t.clock.advance(71 * 60 * 60 * 1000);
    const set = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password/",
      payload: { uid: link.uid, token: link.token, new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
      remoteAddress: randomIp(),
    });
    expect(set.json()).toEqual({ message: "Password reset successful!" });

    const signedIn = await login(email, NEW_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json<AuthResponse>().user.role).toBe("staff");
    // The link works once.
    const again = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password/",
      payload: { uid: link.uid, token: link.token, new_password: "Another-Pass-991", confirm_password: "Another-Pass-991" },
      remoteAddress: randomIp(),
    });
    expect(again.json()).toEqual({ error: "This password reset link is invalid or has already been used." });

    const rows = await auditRows(email.toLowerCase());
    expect(rows.map((r) => [r.action, r.actor?.id, r.target_type, r.target_id, r.before, r.after])).toEqual([
      ["person.created", admin.user.id, "user", person.id, null, { email: email.toLowerCase(), name: "Mira Kapoor", role: "staff" }],
    ]);
  });

  it("lets the welcome link lapse after 72 hours", async () => {
    const email = uniqueEmail("late");
    expect((await createPerson(admin.token, { email, first_name: "Ravi", role: "admin" })).statusCode).toBe(201);
    const link = await welcomeLink(email);
    t.clock.advance(72 * 60 * 60 * 1000 + 1000);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password/",
      payload: { uid: link.uid, token: link.token, new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
      remoteAddress: randomIp(),
    });
    expect(res.json()).toEqual({ error: "This password reset link has expired. Please request a new one." });
  });

  it("refuses a duplicate e-mail with the sign-up message, and invalid input field by field, writing nothing", async () => {
    const customer = await signUp(t);
    const before = t.mailer.sent.length;
    const dup = await createPerson(admin.token, { email: customer.email.toUpperCase(), first_name: "Ana", role: "staff" });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toEqual({ email: ["A user with that email already exists."] });

    const bad = await createPerson(admin.token, { email: "not-an-address", first_name: "", role: "customer" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      email: ["Enter a valid email address."],
      first_name: ["This field is required."],
      role: ['Choose "staff" or "admin".'],
    });
    await t.services.auth.drain();
    expect(t.mailer.sent.length).toBe(before);
    expect(await auditRows(customer.email)).toEqual([]);
  });
});

describe("the people list", () => {
  it("lists accounts newest first with role filter, search, last activity and order count", async () => {
    const customer = await signUp(t, uniqueEmail("listed-customer"));
    await submitDesign(t, { token: customer.token, id: customer.user.id });
    const res = await listPeople(admin.token, `?search=${encodeURIComponent(customer.email)}`);
    expect(res.statusCode).toBe(200);
    const page = res.json<Paginated<StaffPerson>>();
    expect(page.count).toBe(1);
    expect(page.results[0]).toMatchObject({ id: customer.user.id, role: "customer", is_active: true, order_count: 1 });
    expect(page.results[0]?.last_seen_at).not.toBeNull();

    const admins = (await listPeople(admin.token, "?role=admin")).json<Paginated<StaffPerson>>();
    expect(admins.results.every((p) => p.role === "admin")).toBe(true);
    expect(admins.results.map((p) => p.id)).toContain(admin.user.id);

    const all = (await listPeople(admin.token)).json<Paginated<StaffPerson>>();
    const joined = all.results.map((p) => p.date_joined);
    expect(joined).toEqual([...joined].sort().reverse());

    expect((await listPeople(admin.token, "?role=owner")).json()).toEqual({ detail: "Invalid request parameters." });
    expect((await listPeople(admin.token, "?page=99")).json()).toEqual({ detail: "Invalid page." });
  });
});

describe("changing a role, deactivating and reactivating", () => {
  it("changes the role on the person's next request, and audits it", async () => {
    const staff = await newStaff();
    const before = await authedInject(t, staff.token, { method: "GET", url: "/api/staff/audit/" });
    expect(before.statusCode).toBe(403);

    const res = await patchPerson(admin.token, staff.person.id, { role: "admin" });
    expect(res.statusCode).toBe(200);
    expect(res.json<StaffPerson>()).toMatchObject({ role: "admin", is_active: true });
    expect(res.json<StaffPerson>().last_seen_at).not.toBeNull();
    // The same token, the next request: the new role applies.
    expect((await me(staff.token)).json<{ role: string }>().role).toBe("admin");
    expect((await authedInject(t, staff.token, { method: "GET", url: "/api/staff/audit/" })).statusCode).toBe(200);

    const rows = await auditRows(staff.email);
    expect(rows.map((r) => [r.action, r.actor?.id, r.target_id, r.before, r.after])).toContainEqual([
      "person.role_changed",
      admin.user.id,
      staff.person.id,
      { role: "staff" },
      { role: "admin" },
    ]);
    // Nothing changes: no row.
    const count = rows.length;
    expect((await patchPerson(admin.token, staff.person.id, { role: "admin", is_active: true })).statusCode).toBe(200);
    expect(await auditRows(staff.email)).toHaveLength(count);
  });

  it("deactivation revokes every token at once, refuses sign-in and reset links; reactivation lets them sign in again", async () => {
    const staff = await newStaff();
    const second = await login(staff.email, NEW_PASSWORD);
    const otherToken = second.json<AuthResponse>().token;

    const res = await patchPerson(admin.token, staff.person.id, { is_active: false });
    expect(res.statusCode).toBe(200);
    expect(res.json<StaffPerson>()).toMatchObject({ is_active: false, last_seen_at: null });

    for (const token of [staff.token, otherToken]) {
      const gone = await me(token);
      expect(gone.statusCode).toBe(401);
      expect(gone.json()).toEqual({ detail: "Invalid token." });
    }
    // The right password is told the account is deactivated; a wrong one learns nothing new.
    const refused = await login(staff.email, NEW_PASSWORD);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ non_field_errors: ["This account has been deactivated."] });
    expect((await login(staff.email, "Wrong-Password-00")).json()).toEqual({
      non_field_errors: ["Unable to log in with provided credentials."],
    });

    // Forgot-password answers as always but sends no link.
    await t.services.auth.drain();
    const mails = t.mailer.sent.length;
    const forgot = await t.app.inject({
      method: "POST",
      url: "/api/auth/forgot-password/",
      payload: { email: staff.email },
      remoteAddress: randomIp(),
    });
    expect(forgot.statusCode).toBe(200);
    await t.services.auth.drain();
    expect(t.mailer.sent.length).toBe(mails);

    const reactivated = await patchPerson(admin.token, staff.person.id, { is_active: true });
    expect(reactivated.json<StaffPerson>().is_active).toBe(true);
    expect((await login(staff.email, NEW_PASSWORD)).statusCode).toBe(200);

    const rows = await auditRows(staff.email);
    const actions = rows.map((r) => [r.action, r.before, r.after]);
    expect(actions).toContainEqual(["person.deactivated", { is_active: true }, { is_active: false }]);
    expect(actions).toContainEqual(["person.reactivated", { is_active: false }, { is_active: true }]);
  });

  it("deactivates a customer too, and an unusable welcome link stays unusable while deactivated", async () => {
    const email = uniqueEmail("paused");
    const made = (await createPerson(admin.token, { email, first_name: "Noor", role: "staff" })).json<StaffPerson>();
    const link = await welcomeLink(email);
    expect((await patchPerson(admin.token, made.id, { is_active: false })).statusCode).toBe(200);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password/",
      payload: { uid: link.uid, token: link.token, new_password: NEW_PASSWORD, confirm_password: NEW_PASSWORD },
      remoteAddress: randomIp(),
    });
    expect(res.json()).toEqual({ error: "This password reset link is invalid or has already been used." });

    const customer = await signUp(t);
    expect((await patchPerson(admin.token, customer.user.id, { is_active: false })).json<StaffPerson>().is_active).toBe(false);
    expect((await me(customer.token)).statusCode).toBe(401);
  });

  it("refuses an admin demoting or deactivating themself, and the last active admin losing the role", async () => {
    const fresh = await buildTestApp();
    try {
      const only = await createStaff(fresh, "admin");
      const patch = (token: string, id: string, payload: Record<string, unknown>) =>
        authedInject(fresh, token, { method: "PATCH", url: `/api/staff/people/${id}/`, payload });

      const last = await patch(only.token, only.user.id, { role: "staff" });
      expect(last.statusCode).toBe(409);
      expect(last.json()).toEqual({
        detail: `${only.user.email} is the last active administrator: make another account an administrator before changing this role.`,
      });
      expect((await patch(only.token, only.user.id, { is_active: false })).json()).toEqual({
        detail: `${only.user.email} is the last active administrator: make another account an administrator before deactivating it.`,
      });

      const other = await createStaff(fresh, "admin");
      const self = await patch(only.token, only.user.id, { role: "staff" });
      expect(self.statusCode).toBe(409);
      expect(self.json()).toEqual({ detail: "You cannot change your own role: ask another administrator to do it." });
      expect((await patch(only.token, only.user.id, { is_active: false })).json()).toEqual({
        detail: "You cannot deactivate your own account: ask another administrator to do it.",
      });

      // Another admin may demote this one; then `other` is the last and keeps the role.
      expect((await patch(other.token, only.user.id, { role: "staff" })).statusCode).toBe(200);
      expect((await patch(other.token, other.user.id, { role: "staff" })).statusCode).toBe(409);
      // The demoted admin's next request is a staff member's.
      expect((await patch(only.token, other.user.id, { role: "staff" })).statusCode).toBe(403);

      const audit = await authedInject(fresh, other.token, { method: "GET", url: "/api/staff/audit/" });
      expect(audit.json<Paginated<AuditEntry>>().results.map((r) => r.action)).toEqual(["person.role_changed"]);
    } finally {
      await fresh.close();
    }
  });

  it("answers 404 for an unknown person and 400 for an empty or invalid change", async () => {
    expect((await patchPerson(admin.token, "00000000-0000-4000-8000-000000000000", { role: "staff" })).statusCode).toBe(404);
    expect((await patchPerson(admin.token, "not-a-uuid", { role: "staff" })).statusCode).toBe(404);
    expect((await patchPerson(admin.token, admin.user.id, {})).json()).toEqual({ non_field_errors: ["Nothing to change."] });
    expect((await patchPerson(admin.token, admin.user.id, { role: "owner" })).json()).toEqual({ role: ["Unknown role."] });
  });
});
