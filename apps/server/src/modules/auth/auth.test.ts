import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authTokens, users } from "../../db/schema/index.ts";
import { authedInject, buildTestApp, randomIp, signUp, TEST_PASSWORD, uniqueEmail, type TestApp } from "../../test/helpers.ts";

let t: TestApp;
/** The sign-in slow-downs asked for, recorded instead of waited for. */
const delays: number[] = [];
beforeAll(async () => {
  t = await buildTestApp({ loginDelay: (ms) => Promise.resolve(void delays.push(ms)) });
});
afterAll(async () => t.close());

const post = (url: string, payload: unknown, ip = randomIp()) => t.app.inject({ method: "POST", url, payload: payload as object, remoteAddress: ip });

function resetLinkFrom(text: string): { uid: string; token: string } {
  const match = /http:\/\/app\.test\/reset-password\/([^/\s]+)\/([^/\s]+)/.exec(text);
  if (!match) throw new Error(`no reset link in: ${text}`);
  return { uid: match[1]!, token: match[2]! };
}

async function requestReset(email: string) {
  // Counted per address: other tests' security e-mails may still be arriving.
  const links = () => t.mailer.sent.filter((m) => m.to === email && m.subject === "Reset your password");
  const before = links().length;
  const res = await post("/api/auth/forgot-password/", { email });
  expect(res.statusCode).toBe(200);
  await t.services.auth.drain();
  expect(links().length).toBe(before + 1);
  return resetLinkFrom(links().at(-1)!.text);
}

describe("POST /api/auth/register/", () => {
  it("creates a customer, derives a username from the e-mail and answers a token", async () => {
    const email = uniqueEmail("Anna.Rao");
    const res = await post("/api/auth/register/", { email: email.toUpperCase(), password: TEST_PASSWORD, confirm_password: TEST_PASSWORD });
    expect(res.statusCode).toBe(201);
    const body = res.json<{ token: string; user: Record<string, unknown> }>();
    expect(body.token.length).toBeGreaterThanOrEqual(43);
    expect(body.user).toMatchObject({ email: email.toLowerCase(), role: "customer", first_name: "", last_name: "", profile: { company_name: "", phone_number: "", address: "" } });
    expect(body.user.username).toMatch(/^anna\.rao/);
    // The token is stored hashed, never as given.
    const stored = await t.database.db.select().from(authTokens);
    expect(stored.some((r) => r.tokenHash === body.token)).toBe(false);
    const [row] = await t.database.db.select().from(users).limit(1);
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it("gives the second account with the same local part a different username", async () => {
    const a = await signUp(t, "same.name@one.example");
    const b = await signUp(t, "same.name@two.example");
    expect(a.user.username).toBe("same.name");
    expect(b.user.username).toBe("same.name2");
  });

  it("refuses an address that is taken, whatever its case", async () => {
    const { email } = await signUp(t);
    const res = await post("/api/auth/register/", { email: email.toUpperCase(), password: TEST_PASSWORD, confirm_password: TEST_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ["A user with that email already exists."] });
  });

  it("refuses an invalid address and missing fields with field arrays", async () => {
    const res = await post("/api/auth/register/", { email: "not-an-email", password: TEST_PASSWORD, confirm_password: TEST_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ["Enter a valid email address."] });
    const missing = await post("/api/auth/register/", { email: uniqueEmail() });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ password: ["This field is required."], confirm_password: ["This field is required."] });
  });

  it("reports a mismatch on confirm_password", async () => {
    const res = await post("/api/auth/register/", { email: uniqueEmail(), password: TEST_PASSWORD, confirm_password: `${TEST_PASSWORD}x` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ confirm_password: ["The two password fields didn't match."] });
  });

  it.each([
    ["short1!", "This password is too short. It must contain at least 8 characters."],
    ["83920174651", "This password is entirely numeric."],
    ["password123", "This password is too common."],
  ])("applies the password policy to %s", async (password, message) => {
    const res = await post("/api/auth/register/", { email: uniqueEmail(), password, confirm_password: password });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ password: string[] }>().password).toContain(message);
  });

  it("refuses a password too similar to the e-mail", async () => {
    const res = await post("/api/auth/register/", { email: "margaretha.lindqvist@example.com", password: "Margaretha1", confirm_password: "Margaretha1" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ password: ["The password is too similar to the email."] });
  });
});

describe("POST /api/auth/login/", () => {
  it("answers a new token per sign-in", async () => {
    const { email, token } = await signUp(t);
    const res = await post("/api/auth/login/", { email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ token: string; user: { email: string } }>();
    expect(body.user.email).toBe(email);
    expect(body.token).not.toBe(token);
  });

  it("answers the same error for a wrong password and an unknown address", async () => {
    const { email } = await signUp(t);
    const wrong = await post("/api/auth/login/", { email, password: "Wrong-Password-1" });
    const unknown = await post("/api/auth/login/", { email: uniqueEmail("nobody"), password: "Wrong-Password-1" });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ non_field_errors: ["Unable to log in with provided credentials."] });
    }
  });

  it("refuses one address after 10 failures for an account, while the owner signs in at once from another", async () => {
    const { email } = await signUp(t);
    const attacker = randomIp();
    for (let i = 0; i < 10; i++) {
      expect((await post("/api/auth/login/", { email, password: `Nope-${i}-xyz` }, attacker)).statusCode).toBe(400);
    }
    // The attacking address is refused, even with the right password.
    const blocked = await post("/api/auth/login/", { email, password: TEST_PASSWORD }, attacker);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json<{ detail: string }>().detail).toMatch(/^Request was throttled\. Expected available in \d+ seconds\.$/);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    // The owner, from an address without failures, signs in (slowed down: the account is under attack).
    delays.length = 0;
    const owner = await post("/api/auth/login/", { email, password: TEST_PASSWORD }, randomIp());
    expect(owner.statusCode).toBe(200);
    expect(delays).toEqual([500]);
    // After the window the attacking address may try again.
    t.clock.advance(15 * 60_000 + 1000);
    expect((await post("/api/auth/login/", { email, password: TEST_PASSWORD }, attacker)).statusCode).toBe(200);
  });

  it("slows an account attacked from many addresses down instead of refusing it, and e-mails the owner once", async () => {
    const { email } = await signUp(t);
    const warnings = () => t.mailer.sent.filter((m) => m.to === email && m.subject === "Someone is trying to sign in to your account");
    delays.length = 0;
    for (let i = 0; i < 14; i++) {
      expect((await post("/api/auth/login/", { email, password: `Nope-${i}-xyz` })).statusCode).toBe(400);
    }
    await t.services.auth.drain();
    // The first 10 failures go at full speed; from then on each attempt waits, longer and longer.
    expect(delays).toEqual([500, 1000, 2000, 4000]);
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]!.text).toContain("failed attempts to sign in");
    expect(warnings()[0]!.text).toContain("http://app.test/forgot-password");
    // Right password, any fresh address: signed in, not refused.
    delays.length = 0;
    expect((await post("/api/auth/login/", { email, password: TEST_PASSWORD })).statusCode).toBe(200);
    expect(delays).toEqual([8000]);
    // A success clears the account's count: the next sign-in is not slowed.
    delays.length = 0;
    expect((await post("/api/auth/login/", { email, password: TEST_PASSWORD })).statusCode).toBe(200);
    expect(delays).toEqual([]);
    // Another burst within the same window sends no second e-mail; one in the next window does.
    for (let i = 0; i < 11; i++) await post("/api/auth/login/", { email, password: `Again-${i}-xyz` });
    await t.services.auth.drain();
    expect(warnings()).toHaveLength(1);
    t.clock.advance(15 * 60_000 + 1000);
    for (let i = 0; i < 10; i++) await post("/api/auth/login/", { email, password: `Later-${i}-xyz` });
    await t.services.auth.drain();
    expect(warnings()).toHaveLength(2);
  });

  it("sends no warning for an address that has no account", async () => {
    const email = uniqueEmail("ghost");
    for (let i = 0; i < 11; i++) expect((await post("/api/auth/login/", { email, password: `Nope-${i}-xyz` })).statusCode).toBe(400);
    await t.services.auth.drain();
    expect(t.mailer.sent.some((m) => m.to === email)).toBe(false);
  });

  it("still refuses one address after 50 failures over any accounts", async () => {
    const ip = randomIp();
    for (let i = 0; i < 50; i++) {
      expect((await post("/api/auth/login/", { email: uniqueEmail("spray"), password: "Wrong-Password-1" }, ip)).statusCode).toBe(400);
    }
    const { email } = await signUp(t);
    expect((await post("/api/auth/login/", { email, password: TEST_PASSWORD }, ip)).statusCode).toBe(429);
    expect((await post("/api/auth/login/", { email, password: TEST_PASSWORD }, randomIp())).statusCode).toBe(200);
  });

  it("throttles registrations per IP", async () => {
    const ip = randomIp();
    for (let i = 0; i < 30; i++) {
      const res = await post("/api/auth/register/", { email: uniqueEmail(), password: TEST_PASSWORD, confirm_password: "different" }, ip);
      expect(res.statusCode).toBe(400);
    }
    expect((await post("/api/auth/register/", { email: uniqueEmail(), password: TEST_PASSWORD, confirm_password: TEST_PASSWORD }, ip)).statusCode).toBe(429);
  });
});

describe("tokens, user and logout", () => {
  it("answers 401 without a token and with a bad one", async () => {
    const none = await t.app.inject({ method: "GET", url: "/api/auth/user/" });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ detail: "Authentication credentials were not provided." });
    const bad = await authedInject(t, "not-a-real-token", { method: "GET", url: "/api/auth/user/" });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ detail: "Invalid token." });
    const scheme = await t.app.inject({ method: "GET", url: "/api/auth/user/", headers: { authorization: "Bearer abc" } });
    expect(scheme.statusCode).toBe(401);
  });

  it("reads and updates names and profile; username, email and role are read-only", async () => {
    const { token, user } = await signUp(t);
    const res = await authedInject(t, token, {
      method: "PATCH",
      url: "/api/auth/user/",
      payload: { first_name: "  Meera ", last_name: "Iyer", username: "hacker", email: "x@y.z", role: "admin", profile: { phone_number: "+91 98450 12345", address: "12 MG Road, Bengaluru" } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      first_name: "Meera",
      last_name: "Iyer",
      username: user.username,
      email: user.email,
      role: "customer",
      profile: { phone_number: "+91 98450 12345", address: "12 MG Road, Bengaluru", company_name: "" },
    });
    const again = await authedInject(t, token, { method: "GET", url: "/api/auth/user/" });
    expect(again.json()).toMatchObject({ first_name: "Meera", profile: { address: "12 MG Road, Bengaluru" } });
    expect(again.json<{ date_joined: string }>().date_joined).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it("refuses profile values that are too long", async () => {
    const { token } = await signUp(t);
    const res = await authedInject(t, token, { method: "PATCH", url: "/api/auth/user/", payload: { first_name: "x".repeat(151) } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(["first_name"]);
  });

  it("logout revokes the presented token only", async () => {
    const { email, token } = await signUp(t);
    const second = (await post("/api/auth/login/", { email, password: TEST_PASSWORD })).json<{ token: string }>().token;
    const out = await authedInject(t, token, { method: "POST", url: "/api/auth/logout/" });
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe("");
    expect((await authedInject(t, token, { method: "GET", url: "/api/auth/user/" })).statusCode).toBe(401);
    expect((await authedInject(t, second, { method: "GET", url: "/api/auth/user/" })).statusCode).toBe(200);
  });
});

describe("POST /api/auth/change-password/", () => {
  it("checks the old password, applies the policy and signs out the other devices", async () => {
    const { email, token } = await signUp(t);
    const other = (await post("/api/auth/login/", { email, password: TEST_PASSWORD })).json<{ token: string }>().token;
    const change = (payload: object) => authedInject(t, token, { method: "POST", url: "/api/auth/change-password/", payload });

    const wrongOld = await change({ old_password: "nope", new_password: "Amber-Lattice-77", confirm_password: "Amber-Lattice-77" });
    expect(wrongOld.json()).toEqual({ old_password: ["Your old password was entered incorrectly. Please enter it again."] });
    const mismatch = await change({ old_password: TEST_PASSWORD, new_password: "Amber-Lattice-77", confirm_password: "Amber-Lattice-78" });
    expect(mismatch.json()).toEqual({ confirm_password: ["The two password fields didn't match."] });
    const weak = await change({ old_password: TEST_PASSWORD, new_password: "12345678", confirm_password: "12345678" });
    expect(weak.json()).toEqual({ new_password: ["This password is entirely numeric.", "This password is too common."] });

    const ok = await change({ old_password: TEST_PASSWORD, new_password: "Amber-Lattice-77", confirm_password: "Amber-Lattice-77" });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ detail: "Password updated successfully." });
    expect((await authedInject(t, token, { method: "GET", url: "/api/auth/user/" })).statusCode).toBe(200);
    expect((await authedInject(t, other, { method: "GET", url: "/api/auth/user/" })).statusCode).toBe(401);
    expect((await post("/api/auth/login/", { email, password: "Amber-Lattice-77" })).statusCode).toBe(200);
  });
});

describe("forgot and reset password", () => {
  it("answers the same body whether or not the account exists, and mails only real accounts", async () => {
    const { email } = await signUp(t);
    const before = t.mailer.sent.length;
    const known = await post("/api/auth/forgot-password/", { email });
    const unknown = await post("/api/auth/forgot-password/", { email: uniqueEmail("ghost") });
    await t.services.auth.drain();
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json()).toEqual({ message: "If an account with this email exists, you will receive a password reset email." });
    const mails = t.mailer.sent.slice(before).filter((m) => m.subject === "Reset your password");
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to).toBe(email);
    expect(mail.html).toContain("/reset-password/");
    expect(mail.text).toContain("http://app.test/reset-password/");
  });

  it("resets once, revokes every token, and the new password signs in", async () => {
    const { email, token } = await signUp(t);
    const link = await requestReset(email);
    const res = await post("/api/auth/reset-password/", { ...link, new_password: "Opal-Harbour-19", confirm_password: "Opal-Harbour-19" });
    expect(res.statusCode).toBe(200);
    expect((await authedInject(t, token, { method: "GET", url: "/api/auth/user/" })).statusCode).toBe(401);
    expect((await post("/api/auth/login/", { email, password: "Opal-Harbour-19" })).statusCode).toBe(200);
    const reuse = await post("/api/auth/reset-password/", { ...link, new_password: "Opal-Harbour-20", confirm_password: "Opal-Harbour-20" });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({ error: "This password reset link is invalid or has already been used." });
  });

  it("expires after one hour", async () => {
    const { email } = await signUp(t);
    const link = await requestReset(email);
    t.clock.advance(60 * 60_000 + 1000);
    const res = await post("/api/auth/reset-password/", { ...link, new_password: "Opal-Harbour-19", confirm_password: "Opal-Harbour-19" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "This password reset link has expired. Please request a new one." });
  });

  it("dies when the password changes", async () => {
    const { email, token } = await signUp(t);
    const link = await requestReset(email);
    await authedInject(t, token, {
      method: "POST",
      url: "/api/auth/change-password/",
      payload: { old_password: TEST_PASSWORD, new_password: "Amber-Lattice-77", confirm_password: "Amber-Lattice-77" },
    });
    const res = await post("/api/auth/reset-password/", { ...link, new_password: "Opal-Harbour-19", confirm_password: "Opal-Harbour-19" });
    expect(res.json()).toEqual({ error: "This password reset link is invalid or has already been used." });
  });

  it("refuses a forged uid or token", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const link = await requestReset(a.email);
    const otherUid = Buffer.from(b.user.id).toString("base64url");
    const body = { new_password: "Opal-Harbour-19", confirm_password: "Opal-Harbour-19" };
    for (const forged of [
      { uid: otherUid, token: link.token },
      { uid: link.uid, token: `${link.token}x` },
      { uid: "!!notbase64", token: link.token },
    ]) {
      const res = await post("/api/auth/reset-password/", { ...forged, ...body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: "This password reset link is invalid or has already been used." });
    }
  });

  it("refuses a mismatch, a weak password and the current password", async () => {
    const { email } = await signUp(t);
    const link = await requestReset(email);
    const mismatch = await post("/api/auth/reset-password/", { ...link, new_password: "Opal-Harbour-19", confirm_password: "Opal-Harbour-18" });
    expect(mismatch.json()).toEqual({ error: "Passwords don't match." });
    const weak = await post("/api/auth/reset-password/", { ...link, new_password: "abc123", confirm_password: "abc123" });
    expect(weak.json()).toEqual({ error: "This password is too short. It must contain at least 8 characters. This password is too common." });
    const same = await post("/api/auth/reset-password/", { ...link, new_password: TEST_PASSWORD, confirm_password: TEST_PASSWORD });
    expect(same.json()).toEqual({ error: "Your new password must be different from your current password." });
  });

  it("throttles forgot-password per address", async () => {
    const email = uniqueEmail("flood");
    for (let i = 0; i < 5; i++) expect((await post("/api/auth/forgot-password/", { email })).statusCode).toBe(200);
    const res = await post("/api/auth/forgot-password/", { email });
    expect(res.statusCode).toBe(429);
  });
});

describe("bad input never reaches a 500", () => {
  it("answers malformed JSON, wrong types and huge bodies with 4xx", async () => {
    const malformed = await t.app.inject({ method: "POST", url: "/api/auth/login/", payload: "{nope", headers: { "content-type": "application/json" } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ detail: "JSON parse error - the request body is not valid JSON." });
    const types = await post("/api/auth/login/", { email: 42, password: ["x"] });
    expect(types.statusCode).toBe(400);
    expect(Object.keys(types.json())).toEqual(["email", "password"]);
    const huge = await t.app.inject({
      method: "POST",
      url: "/api/auth/register/",
      payload: JSON.stringify({ email: "a@b.co", password: "x".repeat(2 * 1024 * 1024), confirm_password: "x" }),
      headers: { "content-type": "application/json" },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ detail: "Request body is too large." });
    const array = await t.app.inject({ method: "POST", url: "/api/auth/login/", payload: "[]", headers: { "content-type": "application/json" } });
    expect(array.statusCode).toBe(400);
    const text = await t.app.inject({ method: "POST", url: "/api/auth/login/", payload: "email=a", headers: { "content-type": "text/plain" } });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ non_field_errors: ["Invalid input: expected object, received string"] });
  });
});
