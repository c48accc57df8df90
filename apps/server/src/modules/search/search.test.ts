import type { SearchResponse } from "@atelier/contract";
import { searchTerms } from "@atelier/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authedInject, buildTestApp, type TestApp } from "../../test/helpers.ts";
import { staffToken, submitDesign, type Submitted } from "../orders/test-support.ts";
import { signUpCustomer, type Customer } from "../uploads/test-support.ts";

let t: TestApp;
let staff: string;
let meera: Customer;
let other: Customer;
let ring: Submitted;
let pendant: Submitted;
let othersRing: Submitted;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await staffToken(t);
  meera = await signUpCustomer(t);
  other = await signUpCustomer(t);
  await authedInject(t, meera.token, {
    method: "PATCH",
    url: "/api/auth/user/",
    payload: { first_name: "Meera", last_name: "Raghunathan" },
  });
  ring = await submitDesign(t, meera, {
    name: "Eternity band",
    description: "Sapphires channel-set all the way around a platinum band",
    metal: "Platinum 950",
  });
  pendant = await submitDesign(t, meera, {
    name: "Lotus pendant",
    description: "Rose gold petals with a single pearl",
    metal: "18K Rose Gold",
  });
  othersRing = await submitDesign(t, other, { name: "Sapphire halo ring", description: "Sapphires around an oval" });
});
afterAll(async () => {
  await t.close();
});

async function search(token: string, q: string, extra = ""): Promise<SearchResponse> {
  const res = await authedInject(t, token, { method: "GET", url: `/api/search/?q=${encodeURIComponent(q)}${extra}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SearchResponse>();
}

const ids = (r: SearchResponse, kind: string) => r.groups.find((g) => g.kind === kind)?.results.map((h) => h.id) ?? [];
const orderNumber = (s: Submitted) => s.design.order!.order_number;

describe("searchTerms", () => {
  it("keeps letters and digits only, lower-cased, at most 8 distinct words", () => {
    expect(searchTerms("JW-2026-000123")).toEqual(["jw", "2026", "000123"]);
    expect(searchTerms(" Rosé  & gold:* | !(ring) 'x' ")).toEqual(["rosé", "gold", "ring", "x"]);
    expect(searchTerms("&|!:*()<->")).toEqual([]);
    expect(searchTerms("a b c d e f g h i j a")).toHaveLength(8);
  });
});

describe("GET /api/search/ for a customer", () => {
  it("needs a sign-in", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/search/?q=ring" })).statusCode).toBe(401);
  });

  it("finds a design by a word of its description, as a prefix, and its order by the design's name", async () => {
    const r = await search(meera.token, "sapph");
    expect(ids(r, "design")).toEqual([ring.design.id]);
    const hit = r.groups.find((g) => g.kind === "design")!.results[0]!;
    expect(hit).toEqual({
      kind: "design",
      id: ring.design.id,
      title: "Eternity band",
      subtitle: `Ring · Platinum 950 · ${orderNumber(ring)}`,
      href: `/dashboard/designs/${ring.design.id}`,
    });
    const byName = await search(meera.token, "eternity");
    expect(byName.groups.map((g) => g.kind)).toEqual(["order", "design"]);
    expect(byName.groups[0]!.results[0]).toMatchObject({
      title: orderNumber(ring),
      subtitle: "Eternity band · Initiated",
      href: `/dashboard/orders/${ring.orderId}`,
    });
  });

  it("finds an order by its full number, its digits, and its number without leading zeros", async () => {
    const number = orderNumber(pendant);
    const digits = number.split("-")[2]!;
    for (const q of [number, number.toLowerCase(), digits, String(Number(digits)), `${number.slice(0, -1)}`]) {
      const r = await search(meera.token, q);
      expect(ids(r, "order"), q).toContain(pendant.orderId);
    }
    expect(ids(await search(meera.token, number), "order")).toEqual([pendant.orderId]);
    // Typed with spaces, or only its start: the number itself is looked up.
    expect(ids(await search(meera.token, number.replace(/-/g, " ")), "order")).toEqual([pendant.orderId]);
    expect(ids(await search(meera.token, number.slice(0, 8)), "order")).toEqual(expect.arrayContaining([ring.orderId, pendant.orderId]));
    expect(ids(await search(other.token, number), "order")).toEqual([]);
  });

  it("needs every word (in any field), and matches metals and types", async () => {
    expect(ids(await search(meera.token, "rose pearl"), "design")).toEqual([pendant.design.id]);
    expect(ids(await search(meera.token, "rose sapphires"), "design")).toEqual([]);
    expect(ids(await search(meera.token, "pendant"), "design")).toEqual([pendant.design.id]);
    expect(ids(await search(meera.token, "platinum"), "design")).toEqual([ring.design.id]);
  });

  it("never shows another customer's designs or orders, nor customers", async () => {
    const r = await search(meera.token, "sapphire");
    expect(ids(r, "design")).not.toContain(othersRing.design.id);
    expect(ids(r, "order")).not.toContain(othersRing.orderId);
    expect(ids(await search(meera.token, orderNumber(othersRing)), "order")).toEqual([]);
    expect(ids(await search(meera.token, "meera"), "customer")).toEqual([]);
    expect(ids(await search(other.token, "halo"), "design")).toEqual([othersRing.design.id]);
  });

  it("finds conversations by a ticket's subject or number and by a word of any message, only the customer's own", async () => {
    const opened = await authedInject(t, meera.token, {
      method: "POST",
      url: "/api/support/tickets/",
      payload: { subject: "Engraving question", message: "Could the inside read 'always' in script?", category: "order" },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const ticket = opened.json<{ id: string; number: string }>();
    const comment = await authedInject(t, meera.token, {
      method: "POST",
      url: `/api/orders/${ring.orderId}/comments/`,
      payload: { text: "Please polish the gallery rail to a mirror finish" },
    });
    expect(comment.statusCode, comment.body).toBe(201);

    expect(ids(await search(meera.token, "engraving"), "conversation")).toEqual([ticket.id]);
    expect(ids(await search(meera.token, "script"), "conversation")).toEqual([ticket.id]);
    expect(ids(await search(meera.token, ticket.number), "conversation")).toEqual([ticket.id]);
    const mirror = await search(meera.token, "mirror finish");
    expect(ids(mirror, "conversation")).toEqual([ring.orderId]);
    expect(mirror.groups.find((g) => g.kind === "conversation")?.results[0]).toMatchObject({
      title: "Eternity band",
      href: `/dashboard/messages/${ring.orderId}`,
    });
    expect(ids(await search(other.token, "engraving"), "conversation")).toEqual([]);
    expect(ids(await search(other.token, "mirror"), "conversation")).toEqual([]);
    const forStaff = await search(staff, "engraving");
    expect(forStaff.groups.find((g) => g.kind === "conversation")?.results[0]?.href).toBe(`/staff/messages/${ticket.id}`);
  });

  it("answers nothing for an empty query or one without letters or digits, and survives tsquery syntax", async () => {
    expect(await search(meera.token, "")).toEqual({ query: "", groups: [] });
    expect((await search(meera.token, "  &|!:*()<-> ")).groups).toEqual([]);
    for (const q of ["ring & !", "'; drop table designs; --", "a:* | b", "½ ²", "\\", "(((", "sapph'ire"]) {
      await search(meera.token, q);
    }
    expect(ids(await search(meera.token, "sapph&"), "design")).toEqual([ring.design.id]);
  });

  it("limits each group, and refuses a query too long or a bad limit", async () => {
    for (let i = 0; i < 6; i++) {
      t.clock.advance(1000);
      await submitDesign(t, meera, { name: `Stacking ring ${i}`, description: "Thin band" });
    }
    const few = await search(meera.token, "stacking");
    expect(ids(few, "design")).toHaveLength(5);
    expect(few.groups.find((g) => g.kind === "design")!.results[0]!.title).toBe("Stacking ring 5");
    expect(ids(await search(meera.token, "stacking", "&limit=20"), "design")).toHaveLength(6);
    const long = await authedInject(t, meera.token, { method: "GET", url: `/api/search/?q=${"a".repeat(201)}` });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ detail: "Invalid request parameters." });
    for (const limit of ["0", "21", "x"]) {
      expect((await authedInject(t, meera.token, { method: "GET", url: `/api/search/?q=ring&limit=${limit}` })).statusCode).toBe(400);
    }
  });

  it("follows changes: a renamed design is found by its new name", async () => {
    const res = await authedInject(t, meera.token, {
      method: "PUT",
      url: `/api/designs/${pendant.design.id}/`,
      payload: { name: "Magnolia pendant", description: "Rose gold petals with a single pearl", design_type: "pendant" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(ids(await search(meera.token, "magnolia"), "design")).toEqual([pendant.design.id]);
    expect(ids(await search(meera.token, "lotus"), "design")).toEqual([]);
  });
});

describe("GET /api/search/ for staff", () => {
  it("finds every customer's orders and designs, linking to the workbench", async () => {
    const r = await search(staff, "sapphire");
    expect(ids(r, "design")).toEqual(expect.arrayContaining([ring.design.id, othersRing.design.id]));
    const design = r.groups.find((g) => g.kind === "design")!.results.find((h) => h.id === othersRing.design.id)!;
    expect(design.href).toBe(`/staff/orders/${othersRing.orderId}`);
    const order = await search(staff, orderNumber(othersRing));
    expect(order.groups[0]!.results[0]).toMatchObject({
      kind: "order",
      id: othersRing.orderId,
      href: `/staff/orders/${othersRing.orderId}`,
    });
  });

  it("finds customers by name and by a part of their e-mail address", async () => {
    const byName = await search(staff, "raghu");
    expect(byName.groups.find((g) => g.kind === "customer")!.results).toEqual([
      expect.objectContaining({ id: meera.id, title: "Meera Raghunathan", href: expect.stringMatching(/^\/staff\?search=customer/) }),
    ]);
    const me = await authedInject(t, other.token, { method: "GET", url: "/api/auth/user/" });
    const email = me.json<{ email: string }>().email;
    expect(ids(await search(staff, email), "customer")).toEqual([other.id]);
    expect(ids(await search(staff, email.split("@")[0]!.split(".")[0]!), "customer")).toContain(other.id);
    // Staff accounts are not customers.
    expect(ids(await search(staff, "staff"), "customer")).toEqual([]);
  });
});
