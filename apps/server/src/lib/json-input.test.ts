import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Certificate, Message, Payment, Quote } from "@atelier/contract";
import { authedInject, buildTestApp, type TestApp } from "../test/helpers.ts";
import { issueQuote, post, staffToken, submitDesign } from "../modules/orders/test-support.ts";
import { multipart } from "../modules/uploads/test-support.ts";
import { cleanString, cleanStrings, parseJsonText } from "./json-input.ts";

describe("string cleaning", () => {
  it("replaces lone surrogates with U+FFFD and keeps pairs, and strips NUL", () => {
    expect(cleanString("x\ud800y")).toBe("x\uFFFDy");
    expect(cleanString("x\udc00y\ud800")).toBe("x\uFFFDy\uFFFD");
    expect(cleanString("ring 💍")).toBe("ring 💍");
    expect(cleanString("a\u0000b")).toBe("ab");
    expect(cleanStrings({ "k\ud800": ["v\udfff"] })).toEqual({ "k\uFFFD": ["v\uFFFD"] });
  });

  it("cleans every string and key of a parsed JSON text", () => {
    expect(parseJsonText('{"a\\ud800":{"b":["x\\ud800y","\\ud83d\\udc8d"]}}')).toEqual({ "a\uFFFD": { b: ["x\uFFFDy", "💍"] } });
  });
});

// Staff free text reaches the database, PDFs and e-mails; a lone surrogate in raw JSON answered 500.
describe("a lone surrogate in staff free text", () => {
  let t: TestApp;
  let staff: string;
  const LONE = "x\\ud800y"; // as written in the raw JSON body
  const CLEAN = "x\uFFFDy";
  const raw = (token: string, method: "POST" | "PATCH", url: string, json: string) =>
    authedInject(t, token, { method, url, payload: json, headers: { "content-type": "application/json" } });

  beforeAll(async () => {
    t = await buildTestApp();
    staff = await staffToken(t);
  });
  afterAll(async () => t.close());

  it("is stored as U+FFFD in an order comment and a message by staff", async () => {
    const s = await submitDesign(t);
    const comment = await raw(staff, "POST", `/api/orders/${s.orderId}/comments/`, `{"text":"${LONE}"}`);
    expect(comment.statusCode, comment.body).toBe(201);
    expect(comment.json<{ text: string }>().text).toBe(CLEAN);
    const message = await raw(staff, "POST", `/api/messages/${s.orderId}/`, `{"text":"${LONE}"}`);
    expect(message.statusCode, message.body).toBe(201);
    expect(message.json<Message>().text).toBe(CLEAN);
  });

  it("is stored as U+FFFD in a quote line's label and a payment's rejection reason", async () => {
    const s = await submitDesign(t);
    const quote = await raw(staff, "POST", `/api/staff/orders/${s.orderId}/quotes/`, `{"line_items":[{"label":"${LONE}","amount":"100.00"}]}`);
    expect(quote.statusCode, quote.body).toBe(201);
    expect(quote.json<Quote>().line_items[0]?.label).toBe(CLEAN);
    await post(t, s.customer.token, `/api/quotes/${quote.json<Quote>().id}/accept/`);
    const declared = await post(t, s.customer.token, `/api/orders/${s.orderId}/payments/`, { kind: "advance", reference: "UTR-1" });
    expect(declared.statusCode, declared.body).toBe(201);
    const rejected = await raw(staff, "POST", `/api/staff/payments/${declared.json<Payment>().id}/reject/`, `{"reason":"${LONE}"}`);
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json<Payment & { rejection_reason?: string }>().rejection_reason).toBe(CLEAN);
  });

  it("is stored as U+FFFD in a certificate's details, sent as multipart JSON or edited as JSON", async () => {
    const s = await submitDesign(t);
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n", "latin1");
    const body = multipart([
      { name: "data", value: `{"type":"gia","number":"2141438171","issued_on":"2026-01-10","stone":"${LONE}"}` },
      { name: "file", filename: "GIA.pdf", data: pdf, contentType: "application/pdf" },
    ]);
    const created = await authedInject(t, staff, { method: "POST", url: `/api/staff/orders/${s.orderId}/certificates/`, ...body });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<Certificate>().stone).toBe(CLEAN);
    const edited = await raw(staff, "PATCH", `/api/staff/certificates/${created.json<Certificate>().id}/`, `{"stone":"${LONE}!"}`);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Certificate>().stone).toBe(`${CLEAN}!`);
  });

  it("is stored as U+FFFD in a transition's note", async () => {
    const s = await submitDesign(t);
    await issueQuote(t, staff, s.orderId);
    const cancelled = await raw(staff, "POST", `/api/staff/orders/${s.orderId}/transition/`, `{"to":"cancelled","note":"${LONE}"}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const history = await authedInject(t, staff, { method: "GET", url: `/api/orders/${s.orderId}/` });
    expect(history.body).toContain(CLEAN);
    expect(history.body).not.toContain("\\ud800");
  });
});
