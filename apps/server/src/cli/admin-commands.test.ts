import type { AuthResponse, Order } from "@atelier/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authedInject, buildTestApp, randomIp, uniqueEmail, type TestApp } from "../test/helpers.ts";
import { extractText } from "../test/pdf-text.ts";
import { issueQuote, submitDesign } from "../modules/orders/test-support.ts";
import { ADMIN_USAGE, parseAdminArgs, runAdminRequest } from "./admin-commands.ts";

const PASSWORD = "Amber-Lattice-77";

describe("parseAdminArgs: `npm run admin -- create` asks for the person's name", () => {
  it("reads e-mail, role and name, trimmed", () => {
    expect(parseAdminArgs(["create", "--email", "k@example.com", "--role", "admin", "--first-name", " Kavya ", "--last-name", " Iyer "])).toEqual({
      op: "create-account",
      email: "k@example.com",
      role: "admin",
      firstName: "Kavya",
      lastName: "Iyer",
    });
    expect(parseAdminArgs(["create", "--email", "k@example.com", "--first-name", "Kavya"])).toMatchObject({ role: "staff", lastName: "" });
  });

  it("refuses a command without a first name, a customer role or an unknown option", () => {
    expect(parseAdminArgs(["create", "--email", "k@example.com", "--role", "staff"])).toBeNull();
    expect(parseAdminArgs(["create", "--email", "k@example.com", "--role", "staff", "--first-name", "  "])).toBeNull();
    expect(parseAdminArgs(["create", "--email", "k@example.com", "--role", "customer", "--first-name", "Kavya"])).toBeNull();
    expect(parseAdminArgs(["create", "--email", "k@example.com", "--first-name", "Kavya", "--name", "x"])).toBeNull();
    expect(parseAdminArgs(["delete", "--email", "k@example.com", "--first-name", "Kavya"])).toBeNull();
    expect(ADMIN_USAGE).toContain("--first-name <name>");
  });
});

describe("runAdminRequest: the account carries the name", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const create = (email: string, firstName: string, lastName = "", password = PASSWORD) =>
    runAdminRequest(t.services.auth, { op: "create-account", email, password, role: "staff", firstName, lastName });

  it("creates a named staff account, and says whose it is", async () => {
    const email = uniqueEmail("staff");
    const res = await create(email, "Kavya", "Iyer");
    expect(res).toEqual({ ok: true, message: expect.stringContaining(`Created staff account ${email} for Kavya Iyer`) as string });
    const login = await t.app.inject({ method: "POST", url: "/api/auth/login/", payload: { email, password: PASSWORD }, remoteAddress: randomIp() });
    expect(login.json<AuthResponse>().user).toMatchObject({ first_name: "Kavya", last_name: "Iyer", role: "staff" });
  });

  it("refuses an account without a name, with the invitation's message, and a weak password beside it", async () => {
    expect(await create(uniqueEmail("staff"), "  ")).toEqual({ ok: false, fields: { first_name: ["This field is required."] } });
    const both = await create(uniqueEmail("staff"), "", "", "short");
    expect(both).toMatchObject({ ok: false, fields: { first_name: ["This field is required."], password: expect.any(Array) as unknown } });
    // A request from an older client (no names) is not a valid request.
    expect(await runAdminRequest(t.services.auth, { op: "create-account", email: uniqueEmail("staff"), password: PASSWORD, role: "staff" })).toEqual({
      ok: false,
      error: "Unknown request.",
    });
  });

  it("the order's history and its PDF credit the staff member's action to them by name", async () => {
    const email = uniqueEmail("staff");
    await create(email, "Kavya", "Iyer");
    const staff = (
      await t.app.inject({ method: "POST", url: "/api/auth/login/", payload: { email, password: PASSWORD }, remoteAddress: randomIp() })
    ).json<AuthResponse>().token;
    const s = await submitDesign(t);
    await issueQuote(t, staff, s.orderId);

    const order = (await authedInject(t, s.customer.token, { method: "GET", url: `/api/orders/${s.orderId}/` })).json<Order>();
    expect(order.events.find((e) => e.to_status === "quoted")?.actor).toEqual({ first_name: "Kavya", last_name: "Iyer", role: "staff" });

    const pdf = await authedInject(t, s.customer.token, { method: "GET", url: `/api/orders/${s.orderId}/details.pdf` });
    expect(pdf.statusCode).toBe(200);
    const text = extractText(pdf.rawPayload);
    expect(text).toContain("Kavya Iyer (staff)");
    expect(text).not.toContain("Someone");
  });
});
