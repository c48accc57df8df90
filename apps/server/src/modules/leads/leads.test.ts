import { leadResponseSchema } from "@atelier/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leads } from "../../db/schema/index.ts";
import { buildTestApp, randomIp, type TestApp } from "../../test/helpers.ts";

const valid = {
  name: "Ananya Rao",
  email: "Ananya@Example.com",
  phone: "+91 98765 43210",
  design_idea: "An emerald halo ring in 18k yellow gold, size 6.",
  source: "contact",
};

describe("POST /api/leads/", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CONTACT_EMAIL: "atelier@example.com" }, leadLimit: { max: 3, windowMs: 60_000 } });
  });
  afterAll(async () => t.close());

  const post = (payload: unknown, ip = randomIp()) =>
    t.app.inject({ method: "POST", url: "/api/leads/", payload: payload as object, remoteAddress: ip });

  it("stores the lead, answers 201 with it and e-mails the business with text and HTML parts", async () => {
    const before = t.mailer.sent.length;
    const res = await post(valid);
    expect(res.statusCode).toBe(201);
    const lead = leadResponseSchema.parse(res.json());
    expect(lead).toMatchObject({ name: "Ananya Rao", email: "ananya@example.com", phone: "+91 98765 43210", source: "contact" });

    const rows = await t.database.db.select().from(leads);
    expect(rows.find((r) => r.id === lead.id)).toMatchObject({ name: "Ananya Rao", designIdea: valid.design_idea, source: "contact" });

    await t.drainJobs();
    expect(t.mailer.sent).toHaveLength(before + 1);
    const mail = t.mailer.sent.at(-1)!;
    expect(mail.to).toBe("atelier@example.com");
    expect(mail.subject).toBe("New enquiry from Ananya Rao (contact)");
    expect(mail.text).toContain("Email: ananya@example.com");
    expect(mail.text).toContain("Design idea: An emerald halo ring in 18k yellow gold, size 6.");
    expect(mail.html).toContain("New enquiry from Ananya Rao");
    expect(mail.html).toContain("+91 98765 43210");
  });

  it("accepts the landing page's form with only a name and an e-mail", async () => {
    const res = await post({ name: "Sam", email: "sam@example.com", source: "home" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ phone: "", design_idea: "", source: "home" });
    await t.drainJobs();
    expect(t.mailer.sent.at(-1)!.text).toContain("Phone: not given");
  });

  it("answers field errors for a missing name, a bad e-mail, a bad phone, over-long text and an unknown source", async () => {
    const res = await post({ name: "  ", email: "not-an-email", phone: "call me", design_idea: "x".repeat(2001), source: "billboard" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      name: ["This field is required."],
      email: ["Enter a valid email address."],
      phone: ["Enter a valid phone number."],
      design_idea: ["Ensure this field has no more than 2000 characters."],
      source: ["Choose one of: contact, home."],
    });
    const missing = await post({ source: "home" });
    expect(missing.json()).toEqual({ name: ["This field is required."], email: ["This field is required."] });
    const long = await post({ ...valid, name: "n".repeat(121) });
    expect(long.json()).toEqual({ name: ["Ensure this field has no more than 120 characters."] });
  });

  it("answers a filled honeypot like a success but stores and mails nothing", async () => {
    const countBefore = (await t.database.db.select().from(leads)).length;
    const mailsBefore = t.mailer.sent.length;
    const res = await post({ ...valid, name: "Bot", website: "https://spam.example" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ id: expect.any(String), name: "Bot" });
    expect(await t.database.db.select().from(leads)).toHaveLength(countBefore);
    await t.drainJobs();
    expect(t.mailer.sent).toHaveLength(mailsBefore);
  });

  it("throttles one address after the limit with 429 and a retry-after", async () => {
    const ip = randomIp();
    for (let i = 0; i < 3; i++) expect((await post(valid, ip)).statusCode).toBe(201);
    const res = await post(valid, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ detail: "Request was throttled. Expected available in 60 seconds." });
    expect(res.headers["retry-after"]).toBe("60");
    // Another address is unaffected, and the window passes.
    expect((await post(valid)).statusCode).toBe(201);
    t.clock.advance(60_001);
    expect((await post(valid, ip)).statusCode).toBe(201);
  });
});

describe("POST /api/leads/ without CONTACT_EMAIL", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it("stores the lead and sends no mail", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/leads/", payload: valid, remoteAddress: randomIp() });
    expect(res.statusCode).toBe(201);
    expect(await t.database.db.select().from(leads)).toHaveLength(1);
    await t.drainJobs();
    expect(t.mailer.sent).toHaveLength(0);
  });
});

describe("POST /api/leads/form/ (the forms without script)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CONTACT_EMAIL: "atelier@example.com" }, leadLimit: { max: 2, windowMs: 60_000 } });
  });
  afterAll(async () => t.close());

  const form = (fields: Record<string, string>, ip = randomIp()) =>
    t.app.inject({
      method: "POST",
      url: "/api/leads/form/",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams(fields).toString(),
      remoteAddress: ip,
    });
  const post = (payload: unknown, ip: string) =>
    t.app.inject({ method: "POST", url: "/api/leads/", payload: payload as object, remoteAddress: ip });
  const fields = { ...valid, website: "" };

  it("stores and mails the lead, then sends the browser back to the form's page with #lead-sent", async () => {
    const res = await form({ ...fields, name: "Zoë Ångström", design_idea: "A ring & a pendant, 18k – size 6" });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/contact#lead-sent");
    const rows = await t.database.db.select().from(leads);
    expect(rows.at(-1)).toMatchObject({
      name: "Zoë Ångström",
      email: "ananya@example.com",
      designIdea: "A ring & a pendant, 18k – size 6",
      source: "contact",
    });
    await t.drainJobs();
    expect(t.mailer.sent.at(-1)!.subject).toBe("New enquiry from Zoë Ångström (contact)");

    const home = await form({ name: "Sam", email: "sam@example.com", phone: "", design_idea: "", source: "home" });
    expect(home.headers.location).toBe("/#lead-sent");
  });

  it("sends invalid fields back with #lead-not-sent and stores nothing", async () => {
    const before = (await t.database.db.select().from(leads)).length;
    const res = await form({ name: "", email: "nope", source: "home" });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/#lead-not-sent");
    // An unknown source cannot choose where the browser goes.
    expect((await form({ ...fields, source: "https://evil.example" })).headers.location).toBe("/contact#lead-not-sent");
    expect(await t.database.db.select().from(leads)).toHaveLength(before);
  });

  it("counts toward the same limit as the API and says so with #lead-throttled", async () => {
    const ip = randomIp();
    for (let i = 0; i < 2; i++) expect((await form(fields, ip)).headers.location).toBe("/contact#lead-sent");
    expect((await form(fields, ip)).headers.location).toBe("/contact#lead-throttled");
    expect((await post(valid, ip)).statusCode).toBe(429);
  });

  it("reads URL-encoded bodies on this route only", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/leads/",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams(fields).toString(),
      remoteAddress: randomIp(),
    });
    expect(res.statusCode).toBe(415);
  });
});
