import path from "node:path";
import type { AuditEntry, Certificate, Notification, Paginated, Upload } from "@atelier/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authedInject, buildTestApp, FakeClock, type TestApp } from "../../test/helpers.ts";
import { getOrder, post, staffToken, submitDesign, type Submitted } from "../orders/test-support.ts";
import { animatedGif, jpegWithGps, listFiles, multipart, png, SVG, signUpCustomer, type Customer } from "../uploads/test-support.ts";

let t: TestApp;
let staff: string;
let admin: string;
let owner: Submitted;
let other: Submitted;
let stranger: Customer;

/** A small but real PDF (header, one empty page, trailer). */
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
    "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
  "latin1",
);

const GIA = { type: "gia", number: "2141438171", issued_on: "2026-01-10", stone: "Centre diamond 0.50 ct" };

function attach(token: string, orderId: string, data: unknown, file?: { filename: string; data: Buffer; contentType?: string }) {
  const body = multipart([
    { name: "data", value: typeof data === "string" ? data : JSON.stringify(data) },
    ...(file ? [{ name: "file", filename: file.filename, data: file.data, contentType: file.contentType ?? "application/pdf" }] : []),
  ]);
  return authedInject(t, token, {
    method: "POST",
    url: `/api/staff/orders/${orderId}/certificates/`,
    payload: body.payload,
    headers: body.headers,
  });
}

const list = (token: string, orderId: string) => authedInject(t, token, { method: "GET", url: `/api/orders/${orderId}/certificates/` });
const certificateFiles = () => listFiles(path.join(t.dataDir, "uploads")).filter((f) => f.includes("/certificates/"));
const filePath = (url: string) => {
  const u = new URL(url, "http://app.test");
  return u.pathname + u.search;
};

beforeAll(async () => {
  t = await buildTestApp({ clock: new FakeClock(new Date("2026-03-01T10:00:00Z")) });
  staff = await staffToken(t);
  admin = await staffToken(t, "admin");
  owner = await submitDesign(t);
  other = await submitDesign(t);
  stranger = await signUpCustomer(t);
});
afterAll(async () => {
  await t.close();
});

describe("attaching a certificate", () => {
  let cert: Certificate;

  it("stores the PDF, answers the certificate with its verify link, and the customer sees it", async () => {
    const res = await attach(staff, owner.orderId, GIA, { filename: "GIA report.pdf", data: PDF });
    expect(res.statusCode, res.body).toBe(201);
    cert = res.json<Certificate>();
    expect(cert).toMatchObject({
      order_id: owner.orderId,
      type: "gia",
      lab: "GIA",
      number: "2141438171",
      issued_on: "2026-01-10",
      stone: "Centre diamond 0.50 ct",
      verify_url: "https://www.gia.edu/report-check?reportno=2141438171",
      file: { file_name: "GIA report.pdf", content_type: "application/pdf", size: PDF.length },
    });
    expect(certificateFiles()).toHaveLength(1);
    expect(certificateFiles()[0]).toMatch(/^users\/[0-9a-f-]+\/certificates\/[0-9a-f-]+\.pdf$/);

    const seen = await list(owner.customer.token, owner.orderId);
    expect(seen.statusCode).toBe(200);
    expect(seen.json<Certificate[]>().map((c) => c.id)).toEqual([cert.id]);
    expect((await getOrder(t, owner.customer.token, owner.orderId)).certificates.map((c) => c.number)).toEqual(["2141438171"]);

    // The signed URL serves the very bytes, viewable inline or as a download.
    const file = await t.app.inject({ method: "GET", url: filePath(cert.file.url) });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.rawPayload.equals(PDF)).toBe(true);
    const download = await t.app.inject({ method: "GET", url: `${filePath(cert.file.url)}&download=1` });
    expect(download.headers["content-disposition"]).toContain('attachment; filename="GIA report.pdf"');

    // The order's PDF lists it, with the lab's check as a link.
    const pdf = await authedInject(t, owner.customer.token, { method: "GET", url: `/api/orders/${owner.orderId}/details.pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.toString("latin1")).toContain("(https://www.gia.edu/report-check?reportno=2141438171)");
  });

  it("tells the customer and records the staff action", async () => {
    const notes = await authedInject(t, owner.customer.token, { method: "GET", url: "/api/notifications/" });
    const latest = notes.json<Paginated<Notification>>().results[0];
    expect(latest?.title).toBe("A GIA certificate is on your order");
    expect(latest?.message).toContain("GIA 2141438171 (Centre diamond 0.50 ct) from GIA");
    expect(latest?.link).toBe(`/dashboard/orders/${owner.orderId}`);

    const audit = await authedInject(t, admin, { method: "GET", url: "/api/staff/audit/?action=certificate.attached" });
    const entry = audit.json<Paginated<AuditEntry>>().results[0];
    expect(entry).toMatchObject({ action: "certificate.attached", target_type: "certificate", target_id: cert.id });
    expect(entry?.target_label).toContain("GIA 2141438171");
  });

  it("refuses the same lab's number again, on this order or another (409 on number), spaces and case aside", async () => {
    const same = await attach(staff, owner.orderId, GIA, { filename: "again.pdf", data: PDF });
    expect(same.statusCode).toBe(409);
    expect(same.json()).toEqual({ number: ["This certificate is already attached to this order."] });

    const order = await getOrder(t, owner.customer.token, owner.orderId);
    const elsewhere = await attach(
      staff,
      other.orderId,
      { ...GIA, number: "2141 438 171", lab: "GIA Mumbai" },
      { filename: "x.pdf", data: PDF },
    );
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json()).toEqual({
      number: [`GIA 2141438171 is already attached to order ${order.order_number}. A certificate belongs to one order.`],
    });
    expect(certificateFiles()).toHaveLength(1);

    // Another lab may use the same number.
    const igi = await attach(staff, other.orderId, { ...GIA, type: "igi" }, { filename: "igi.pdf", data: PDF });
    expect(igi.statusCode, igi.body).toBe(201);
    expect(igi.json<Certificate>()).toMatchObject({ lab: "IGI", verify_url: "https://www.igi.org/verify-your-report/?r=2141438171" });
  });

  it("takes an image certificate by content (a PNG named .pdf) and strips its metadata", async () => {
    const asPdf = await attach(
      staff,
      owner.orderId,
      { type: "hallmark", number: "AB12CD", lab: "BIS AHC Mumbai", issued_on: "2026-02-01" },
      { filename: "hallmark.pdf", data: await png() },
    );
    expect(asPdf.statusCode, asPdf.body).toBe(201);
    const hallmark = asPdf.json<Certificate>();
    expect(hallmark).toMatchObject({ verify_url: null, stone: "", file: { content_type: "image/png" } });
    const file = await t.app.inject({ method: "GET", url: filePath(hallmark.file.url) });
    expect(file.headers["content-type"]).toBe("image/png");
    expect(file.headers["content-disposition"]).toContain('filename="hallmark.png"');

    const photo = await attach(
      staff,
      owner.orderId,
      { type: "hrd", number: "HRD-240001", issued_on: "2026-02-02" },
      { filename: "hrd.jpg", data: await jpegWithGps(), contentType: "image/jpeg" },
    );
    expect(photo.statusCode, photo.body).toBe(201);
    const hrd = photo.json<Certificate>();
    expect(hrd.verify_url).toBe("https://my.hrdantwerp.com/?record_number=HRD240001");
    const stored = await t.app.inject({ method: "GET", url: filePath(hrd.file.url) });
    expect(stored.rawPayload.includes(Buffer.from("AtelierCam"))).toBe(false);
  });
});

describe("refusals", () => {
  it("refuses spoofed content with a clear message and keeps nothing", async () => {
    const before = certificateFiles();
    const cases: [string, Buffer, string][] = [
      [
        "certificate.pdf",
        Buffer.from("This is a plain text file pretending to be a PDF.\n"),
        '"certificate.pdf" is not a PDF or an image (JPEG, PNG or WebP).',
      ],
      ["drawing.svg", SVG, '"drawing.svg" is not a PDF or an image (JPEG, PNG or WebP).'],
      ["moving.gif", await animatedGif(), '"moving.gif" is not a PDF or an image (JPEG, PNG or WebP).'],
      ["empty.pdf", Buffer.alloc(0), '"empty.pdf" is not a PDF or an image (JPEG, PNG or WebP).'],
    ];
    for (const [filename, data, message] of cases) {
      const res = await attach(staff, other.orderId, { ...GIA, number: `X${filename.length}` }, { filename, data });
      expect(res.statusCode, filename).toBe(400);
      expect(res.json(), filename).toEqual({ file: [message] });
    }
    expect(certificateFiles()).toEqual(before);
  });

  it("refuses a file over 10 MB while it streams (413)", async () => {
    const big = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(10 * 1024 * 1024)]);
    const res = await attach(staff, other.orderId, { ...GIA, number: "BIG1" }, { filename: "big.pdf", data: big });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: '"big.pdf" is larger than 10 MB.' });
  });

  it("names each missing or wrong field", async () => {
    const none = await attach(staff, other.orderId, { type: "other", number: "", issued_on: "soon" });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({
      number: ["This field is required."],
      issued_on: ["Enter a date as YYYY-MM-DD."],
      file: ["Attach the certificate as a PDF or an image."],
    });
    const noLab = await attach(
      staff,
      other.orderId,
      { type: "other", number: "Q-1", issued_on: "2026-01-01" },
      { filename: "a.pdf", data: PDF },
    );
    expect(noLab.json()).toEqual({ lab: ["Name the issuing lab or hallmarking centre."] });
    const future = await attach(staff, other.orderId, { ...GIA, number: "77", issued_on: "2026-03-05" }, { filename: "a.pdf", data: PDF });
    expect(future.json()).toEqual({ issued_on: ["The issue date cannot be in the future."] });
    const badJson = await attach(staff, other.orderId, "{not json", { filename: "a.pdf", data: PDF });
    expect(badJson.statusCode).toBe(400);
    const wrongField = multipart([{ name: "image", filename: "a.pdf", data: PDF }]);
    const res = await authedInject(t, staff, {
      method: "POST",
      url: `/api/staff/orders/${other.orderId}/certificates/`,
      payload: wrongField.payload,
      headers: wrongField.headers,
    });
    expect(res.json()).toEqual({ image: ['Unexpected file. The certificate goes in the "file" field.'] });
  });

  it("answers 401 without a token, 403 to customers on staff paths, 404 for another customer's order", async () => {
    const anonymous = await t.app.inject({ method: "GET", url: `/api/orders/${owner.orderId}/certificates/` });
    expect(anonymous.statusCode).toBe(401);
    const body = multipart([
      { name: "data", value: JSON.stringify(GIA) },
      { name: "file", filename: "a.pdf", data: PDF },
    ]);
    const anonPost = await t.app.inject({ method: "POST", url: `/api/staff/orders/${owner.orderId}/certificates/`, ...body });
    expect(anonPost.statusCode).toBe(401);

    const customerPost = await attach(owner.customer.token, owner.orderId, { ...GIA, number: "C1" }, { filename: "a.pdf", data: PDF });
    expect(customerPost.statusCode).toBe(403);
    const id = (await list(staff, owner.orderId)).json<Certificate[]>()[0]?.id ?? "";
    const customerDelete = await authedInject(t, owner.customer.token, { method: "DELETE", url: `/api/staff/certificates/${id}/` });
    expect(customerDelete.statusCode).toBe(403);

    const foreign = await list(stranger.token, owner.orderId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: "Not found." });
    expect((await list(staff, owner.orderId)).statusCode).toBe(200);
    expect((await list(staff, "not-a-uuid")).statusCode).toBe(404);
    expect((await attach(staff, "00000000-0000-4000-8000-000000000000", GIA, { filename: "a.pdf", data: PDF })).statusCode).toBe(404);
  });

  it("refuses a cancelled order", async () => {
    const s = await submitDesign(t);
    const cancelled = await post(t, s.customer.token, `/api/orders/${s.orderId}/cancel/`, { reason: "" });
    expect(cancelled.statusCode).toBe(200);
    const res = await attach(staff, s.orderId, { ...GIA, number: "CANCEL1" }, { filename: "a.pdf", data: PDF });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ detail: string }>().detail).toMatch(/is cancelled: certificates can no longer be attached/);
  });
});

describe("changing and removing", () => {
  it("changes details (audited), refuses a number another order holds, and keeps the file", async () => {
    const [cert] = (await list(staff, other.orderId)).json<Certificate[]>();
    if (!cert) throw new Error("no certificate");
    const res = await authedInject(t, staff, {
      method: "PATCH",
      url: `/api/staff/certificates/${cert.id}/`,
      payload: { stone: "Side stones", issued_on: "2026-02-10" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Certificate>()).toMatchObject({
      stone: "Side stones",
      issued_on: "2026-02-10",
      file: cert.file && { size: cert.file.size },
    });

    const clash = await authedInject(t, staff, {
      method: "PATCH",
      url: `/api/staff/certificates/${cert.id}/`,
      payload: { type: "hallmark", lab: "bis ahc  mumbai", number: "ab-12-cd" },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json<Record<string, string[]>>().number?.[0]).toMatch(/^Hallmark AB12CD is already attached to order JW-/);

    const empty = await authedInject(t, staff, { method: "PATCH", url: `/api/staff/certificates/${cert.id}/`, payload: {} });
    expect(empty.json()).toEqual({ non_field_errors: ["Nothing to change."] });

    const audit = await authedInject(t, admin, { method: "GET", url: "/api/staff/audit/?action=certificate.changed" });
    expect(audit.json<Paginated<AuditEntry>>().results[0]).toMatchObject({
      before: { stone: "Centre diamond 0.50 ct", issued_on: "2026-01-10" },
      after: { stone: "Side stones", issued_on: "2026-02-10" },
    });
  });

  it("does not let the file go from the upload history, and removing the certificate removes its file", async () => {
    const uploads = (await authedInject(t, staff, { method: "GET", url: "/api/uploads/" })).json<Paginated<Upload>>();
    const upload = uploads.results.find((u) => u.content_type === "application/pdf");
    expect(upload?.deletable).toBe(false);
    const refused = await authedInject(t, staff, { method: "DELETE", url: `/api/uploads/${upload?.id}/` });
    expect(refused.statusCode).toBe(409);

    const before = certificateFiles().length;
    const cert = (await list(staff, owner.orderId)).json<Certificate[]>().find((c) => c.type === "gia");
    if (!cert) throw new Error("no certificate");
    const removed = await authedInject(t, staff, { method: "DELETE", url: `/api/staff/certificates/${cert.id}/` });
    expect(removed.statusCode).toBe(204);
    expect(certificateFiles()).toHaveLength(before - 1);
    expect((await t.app.inject({ method: "GET", url: filePath(cert.file.url) })).statusCode).toBe(404);
    expect((await list(owner.customer.token, owner.orderId)).json<Certificate[]>().map((c) => c.id)).not.toContain(cert.id);
    const again = await authedInject(t, staff, { method: "DELETE", url: `/api/staff/certificates/${cert.id}/` });
    expect(again.statusCode).toBe(404);

    // The number is free again once its certificate is removed.
    const reattach = await attach(staff, owner.orderId, GIA, { filename: "GIA report.pdf", data: PDF });
    expect(reattach.statusCode).toBe(201);
    const audit = await authedInject(t, admin, { method: "GET", url: "/api/staff/audit/?action=certificate.removed" });
    expect(audit.json<Paginated<AuditEntry>>().results[0]?.before).toMatchObject({ number: "2141438171", type: "gia" });
  });
});
