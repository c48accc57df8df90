import type { Conversation, ConversationSummary, Message, Paginated, Ticket, TicketCreated, Upload } from "@atelier/contract";
import sharp from "sharp";
import { SMTPServer } from "smtp-server";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer } from "../../lib/mail.ts";
import { asc, gt, max } from "drizzle-orm";
import { liveEvents } from "../../db/schema/index.ts";
import type { LiveEvent } from "../../lib/live-events.ts";
import { authedInject, buildTestApp, type TestApp } from "../../test/helpers.ts";
import { post, staffToken, submitDesign, toApproved, uploadCad } from "../orders/test-support.ts";
import { jpeg, jpegWithGps, multipart, signUpCustomer, type Customer } from "../uploads/test-support.ts";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

let t: TestApp;
let staff: string;
const received: { to: string[]; raw: string }[] = [];
let smtp: SMTPServer;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString("utf8") });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const port = (smtp.server.address() as { port: number }).port;
  const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: "Atelier <no-reply@atelier.test>", mailDir: "/nonexistent", logger: pino({ level: "silent" }) });
  t = await buildTestApp({ mailer });
  staff = await staffToken(t);
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const get = <T>(token: string, url: string) => authedInject(t, token, { method: "GET", url }).then((r) => ({ status: r.statusCode, body: r.json<T>() }));
const unread = async (token: string) => (await get<{ count: number }>(token, "/api/messages/unread/")).body.count;

async function sendFiles(token: string, id: string, text: string, files: { filename: string; data: Buffer; contentType?: string }[]) {
  const body = multipart([
    { name: "text", value: text },
    ...files.map((f) => ({ name: "files", filename: f.filename, data: f.data, contentType: f.contentType ?? "application/octet-stream" })),
  ]);
  return authedInject(t, token, { method: "POST", url: `/api/messages/${id}/`, payload: body.payload, headers: body.headers });
}

/** The newest live event's id: what open pages have been sent so far. */
async function lastEventId(): Promise<number> {
  const [row] = await t.database.db.select({ id: max(liveEvents.id) }).from(liveEvents);
  return row?.id ?? 0;
}

/** The live events committed after event `after`, as open pages receive them. */
async function eventsSince(after: number): Promise<LiveEvent[]> {
  const rows = await t.database.db.select().from(liveEvents).where(gt(liveEvents.id, after)).orderBy(asc(liveEvents.id));
  return rows.map((r) => ({ kind: r.kind, userIds: r.userIds, staff: r.staff, data: r.data }));
}

async function openTicket(c: Customer, subject = "Resizing my ring") {
  const res = await post(t, c.token, "/api/support/tickets/", { subject, message: "Can you resize it to 7?", category: "order" });
  expect(res.statusCode).toBe(201);
  return res.json<TicketCreated>();
}

describe("order conversations", () => {
  it("are the order's comments: the comments API and the thread show the same messages", async () => {
    const s = await submitDesign(t);
    const res = await post(t, s.customer.token, `/api/orders/${s.orderId}/comments/`, { text: "Could the band be thinner?" });
    expect(res.statusCode).toBe(201);
    expect(res.json<{ text: string }>().text).toBe("Could the band be thinner?");

    const thread = await get<Conversation>(s.customer.token, `/api/messages/${s.orderId}/`);
    expect(thread.status).toBe(200);
    expect(thread.body.kind).toBe("order");
    expect(thread.body.title).toBe("Solitaire ring");
    expect(thread.body.messages.map((m) => m.text)).toEqual(["Could the band be thinner?"]);
    expect(thread.body.messages[0]!.sender).toMatchObject({ role: "customer", is_me: true });

    // A staff reply through the messages API shows on the order's Comments tab too.
    const reply = await authedInject(t, staff, { method: "POST", url: `/api/messages/${s.orderId}/`, payload: { text: "Yes, 1.8 mm works." } });
    expect(reply.statusCode).toBe(201);
    expect(reply.json<Message>().sender.role).toBe("support");
    const order = await get<{ comments: { text: string }[] }>(s.customer.token, `/api/orders/${s.orderId}/`);
    expect(order.body.comments.map((c) => c.text)).toEqual(["Could the band be thinner?", "Yes, 1.8 mm works."]);
    // The staff reply is a notification for the customer.
    const notes = await get<{ results: { type: string }[] }>(s.customer.token, "/api/notifications/");
    expect(notes.body.results[0]!.type).toBe("staff_reply");
  });

  it("shows the staff member who made the order's CAD as its designer, there and only there", async () => {
    const s = await submitDesign(t);
    await toApproved(t, staff, s);
    const designer = await staffToken(t);
    expect((await uploadCad(t, designer, s.orderId)).statusCode).toBe(201);
    const say = (token: string, id: string, text: string) => authedInject(t, token, { method: "POST", url: `/api/messages/${id}/`, payload: { text } });

    const fromDesigner = await say(designer, s.orderId, "Version 1 has a cathedral setting.");
    expect(fromDesigner.json<Message>().sender.role).toBe("designer");
    expect((await say(staff, s.orderId, "And it ships insured.")).json<Message>().sender.role).toBe("support");
    await say(designer, s.orderId, "Tell me what to change.");
    const thread = await get<Conversation>(s.customer.token, `/api/messages/${s.orderId}/`);
    expect(thread.body.messages.map((m) => m.sender.role)).toEqual(["designer", "support", "designer"]);
    const list = await get<Paginated<ConversationSummary>>(s.customer.token, "/api/messages/");
    expect(list.body.results.find((c) => c.id === s.orderId)?.last_message?.sender.role).toBe("designer");
    // Staff's view of the read marks labels the designer the same way.
    const staffThread = await get<Conversation>(designer, `/api/messages/${s.orderId}/`);
    expect(staffThread.body.reads.find((r) => r.is_me)?.role).toBe("designer");

    // On a support request, or another customer's order, the same person is support.
    const ticket = await openTicket(s.customer);
    expect((await say(designer, ticket.id, "Happy to help.")).json<Message>().sender.role).toBe("support");
    const other = await submitDesign(t);
    expect((await say(designer, other.orderId, "Hello.")).json<Message>().sender.role).toBe("support");
  });

  it("lists only conversations with messages, with the last message's preview and sender, and searches", async () => {
    const s = await submitDesign(t);
    const quiet = await submitDesign(t, s.customer, { name: "Quiet pendant" });
    await post(t, s.customer.token, `/api/orders/${s.orderId}/comments/`, { text: "Hello about the ring" });
    const list = await get<Paginated<ConversationSummary>>(s.customer.token, "/api/messages/");
    expect(list.body.count).toBe(1);
    expect(list.body.results[0]).toMatchObject({ id: s.orderId, last_message: { preview: "Hello about the ring" }, unread: false });
    expect(list.body.results.some((c) => c.id === quiet.orderId)).toBe(false);
    expect((await get<Paginated<ConversationSummary>>(s.customer.token, "/api/messages/?search=ring")).body.count).toBe(1);
    expect((await get<Paginated<ConversationSummary>>(s.customer.token, "/api/messages/?search=nothing-like-it")).body.count).toBe(0);
  });
});

describe("membership", () => {
  it("another customer never reads a conversation, its attachments or posts to it: 404", async () => {
    const s = await submitDesign(t);
    const other = await signUpCustomer(t);
    const sent = await sendFiles(s.customer.token, s.orderId, "Photo of the old ring", [{ filename: "ring.jpg", data: await jpeg(), contentType: "image/jpeg" }]);
    expect(sent.statusCode).toBe(201);
    const ticket = await openTicket(s.customer);

    for (const id of [s.orderId, ticket.id]) {
      expect((await get(other.token, `/api/messages/${id}/`)).status).toBe(404);
      expect((await authedInject(t, other.token, { method: "POST", url: `/api/messages/${id}/`, payload: { text: "hi" } })).statusCode).toBe(404);
    }
    expect((await get(other.token, "/api/messages/00000000-0000-4000-8000-000000000000/")).status).toBe(404);
    expect((await get(other.token, "/api/messages/not-a-uuid/")).status).toBe(404);
    expect((await get<Paginated<ConversationSummary>>(other.token, "/api/messages/")).body.count).toBe(0);
    // The attachment's URL is only handed to members; a tampered signature is a 404.
    const url = sent.json<Message>().attachments[0]!.url;
    const tampered = url.replace(/sig=[^&]+/, "sig=AAAA");
    expect((await t.app.inject({ method: "GET", url: tampered.replace("http://app.test", "") })).statusCode).toBe(404);
    // Staff may read and answer every conversation.
    expect((await get(staff, `/api/messages/${ticket.id}/`)).status).toBe(200);
  });
});

describe("attachments", () => {
  it("keeps up to 5 images or PDFs, strips EXIF, serves them by signed URL and lists them in Upload History", async () => {
    const c = await signUpCustomer(t);
    const ticket = await openTicket(c);
    const res = await sendFiles(c.token, ticket.id, "", [
      { filename: "finger.jpg", data: await jpegWithGps(), contentType: "image/jpeg" },
      { filename: "receipt.pdf", data: PDF, contentType: "application/pdf" },
    ]);
    expect(res.statusCode).toBe(201);
    const msg = res.json<Message>();
    expect(msg.attachments.map((a) => [a.file_name, a.content_type])).toEqual([
      ["finger.jpg", "image/jpeg"],
      ["receipt.pdf", "application/pdf"],
    ]);
    expect(msg.attachments[0]!.thumbnail).not.toBeNull();
    expect(msg.attachments[1]!.thumbnail).toBeNull();

    const image = await t.app.inject({ method: "GET", url: msg.attachments[0]!.url.replace("http://app.test", "") });
    expect(image.statusCode).toBe(200);
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    const pdf = await t.app.inject({ method: "GET", url: msg.attachments[1]!.url.replace("http://app.test", "") });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.equals(PDF)).toBe(true);

    const history = await get<Paginated<Upload>>(c.token, "/api/uploads/");
    const names = history.body.results.map((u) => u.file_name);
    expect(names).toEqual(expect.arrayContaining(["finger.jpg", "receipt.pdf"]));
    const pdfUpload = history.body.results.find((u) => u.file_name === "receipt.pdf")!;
    expect(pdfUpload).toMatchObject({ status: "completed", deletable: false });
    expect(pdfUpload.url).not.toBeNull();
    const del = await authedInject(t, c.token, { method: "DELETE", url: `/api/uploads/${pdfUpload.id}/` });
    expect(del.statusCode).toBe(409);
  });

  it("refuses other types by content, more than 5 files, and an empty message", async () => {
    const c = await signUpCustomer(t);
    const ticket = await openTicket(c);
    const fake = await sendFiles(c.token, ticket.id, "see", [{ filename: "script.pdf", data: Buffer.from("<html>not a pdf</html>") }]);
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toEqual({ files: ['"script.pdf" is not an image or a PDF. Attach PNG, JPG, GIF, WebP or PDF files.'] });
    const six = await sendFiles(
      c.token,
      ticket.id,
      "six",
      Array.from({ length: 6 }, (_, i) => ({ filename: `p${i}.pdf`, data: PDF })),
    );
    expect(six.statusCode).toBe(400);
    expect(six.json()).toEqual({ files: ["A message can have at most 5 files."] });
    const empty = await authedInject(t, c.token, { method: "POST", url: `/api/messages/${ticket.id}/`, payload: { text: "   " } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ text: ["This field may not be blank."] });
    // Nothing refused was kept.
    const thread = await get<Conversation>(c.token, `/api/messages/${ticket.id}/`);
    expect(thread.body.messages).toHaveLength(1);
    expect((await get<Paginated<Upload>>(c.token, "/api/uploads/")).body.count).toBe(0);
  });
});

describe("unread state", () => {
  it("counts per reader, clears when the thread is opened, and shows who has seen it", async () => {
    const c = await signUpCustomer(t);
    const ticket = await openTicket(c);
    expect(await unread(c.token)).toBe(0); // their own message
    const staffBefore = await unread(staff);
    expect(staffBefore).toBeGreaterThanOrEqual(1);

    const inbox = await get<Paginated<ConversationSummary>>(staff, "/api/staff/messages/");
    expect(inbox.body.results.find((r) => r.id === ticket.id)).toMatchObject({ unread: true, unanswered: true });

    const beforeOpening = await lastEventId();
    await get(staff, `/api/messages/${ticket.id}/`); // staff open it
    expect(await unread(staff)).toBe(staffBefore - 1);
    expect((await eventsSince(beforeOpening)).some((e) => e.kind === "unread")).toBe(true);

    const beforeReply = await lastEventId();
    await authedInject(t, staff, { method: "POST", url: `/api/messages/${ticket.id}/`, payload: { text: "We can, free of charge." } });
    expect(await eventsSince(beforeReply)).toEqual(
      expect.arrayContaining([
        { kind: "message", userIds: [c.id], staff: true, data: { conversation_id: ticket.id, order_id: null } },
        expect.objectContaining({ kind: "unread", userIds: [c.id] }),
      ]),
    );
    expect(await unread(c.token)).toBe(1);
    const mine = await get<Paginated<ConversationSummary>>(c.token, "/api/messages/");
    // The staff member is named (never their username), as everywhere else.
    expect(mine.body.results[0]).toMatchObject({ unread: true, last_message: { sender: { name: "Kavya Iyer", role: "support", is_me: false } } });

    const opened = await get<Conversation>(c.token, `/api/messages/${ticket.id}/`);
    expect(await unread(c.token)).toBe(0);
    const last = opened.body.messages.at(-1)!;
    // Staff see that the customer has read their reply.
    const staffView = await get<Conversation>(staff, `/api/messages/${ticket.id}/`);
    const customerRead = staffView.body.reads.find((r) => r.is_customer)!;
    expect(customerRead.last_read_seq).toBe(last.seq);
    expect(staffView.body.reads.some((r) => r.is_me && r.role === "support")).toBe(true);
  });
});

describe("support tickets", () => {
  it("validates with the spec's message", async () => {
    const c = await signUpCustomer(t);
    const res = await post(t, c.token, "/api/support/tickets/", { subject: " ", message: "", category: "nope" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      subject: ["Please fill out all required fields."],
      message: ["Please fill out all required fields."],
      category: ["Please fill out all required fields."],
    });
    expect((await t.app.inject({ method: "POST", url: "/api/support/tickets/", payload: {} })).statusCode).toBe(401);
  });

  it("is numbered, acknowledged by e-mail over SMTP, and moves open → answered → closed → open", async () => {
    const c = await signUpCustomer(t);
    const me = await get<{ email: string }>(c.token, "/api/auth/user/");
    await t.drainJobs(); // what earlier tests queued
    received.length = 0;
    const ticket = await openTicket(c, "Engraving question");
    expect(ticket.number).toMatch(/^ST-\d{4}-\d{6}$/);
    expect(ticket.status).toBe("open");
    await t.drainJobs();
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual([me.body.email]);
    expect(received[0]!.raw).toContain(ticket.number);
    expect(received[0]!.raw).toContain(`/dashboard/messages/${ticket.id}`);

    const statusOf = async () => (await get<Paginated<Ticket>>(c.token, "/api/support/tickets/")).body.results.find((x) => x.id === ticket.id)!.status;
    await authedInject(t, staff, { method: "POST", url: `/api/messages/${ticket.id}/`, payload: { text: "Up to 20 letters." } });
    expect(await statusOf()).toBe("answered");
    await authedInject(t, c.token, { method: "POST", url: `/api/messages/${ticket.id}/`, payload: { text: "Thanks!" } });
    expect(await statusOf()).toBe("open");

    expect((await post(t, c.token, `/api/staff/messages/${ticket.id}/close/`)).statusCode).toBe(403);
    const closed = await post(t, staff, `/api/staff/messages/${ticket.id}/close/`);
    expect(closed.statusCode).toBe(200);
    expect(closed.json<Ticket>().status).toBe("closed");
    expect(await statusOf()).toBe("closed");
    const again = await post(t, staff, `/api/staff/messages/${ticket.id}/close/`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: `Ticket ${ticket.number} is already closed.` });
    // Closed tickets are not owed an answer.
    const inbox = await get<Paginated<ConversationSummary>>(staff, "/api/staff/messages/?filter=closed");
    expect(inbox.body.results.find((r) => r.id === ticket.id)).toMatchObject({ unanswered: false });

    expect((await post(t, staff, `/api/staff/messages/${ticket.id}/reopen/`)).json<Ticket>().status).toBe("open");
    expect((await post(t, staff, `/api/staff/messages/${ticket.id}/reopen/`)).statusCode).toBe(409);

    // An order's conversation cannot be closed.
    const s = await submitDesign(t, c);
    await post(t, c.token, `/api/orders/${s.orderId}/comments/`, { text: "hello" });
    expect((await post(t, staff, `/api/staff/messages/${s.orderId}/close/`)).statusCode).toBe(409);

    // The staff reply and the close are in the audit log.
    const admin = await staffToken(t, "admin");
    const audit = await get<{ results: { action: string; target_label: string }[] }>(admin, `/api/staff/audit/?search=${ticket.number}`);
    expect(audit.body.results.map((r) => r.action)).toEqual(expect.arrayContaining(["comment.staff_reply", "ticket.closed", "ticket.reopened"]));
  });

  it("puts conversations owed an answer first in the staff inbox", async () => {
    const c = await signUpCustomer(t);
    const answered = await openTicket(c, "First");
    await authedInject(t, staff, { method: "POST", url: `/api/messages/${answered.id}/`, payload: { text: "Done." } });
    const waiting = await openTicket(c, "Second");
    const inbox = await get<Paginated<ConversationSummary>>(staff, `/api/staff/messages/?search=${encodeURIComponent(c.id.slice(0, 0))}`);
    const ids = inbox.body.results.map((r) => r.id);
    const firstAnswered = inbox.body.results.findIndex((r) => !r.unanswered);
    const lastUnanswered = inbox.body.results.map((r) => r.unanswered).lastIndexOf(true);
    expect(firstAnswered === -1 || lastUnanswered < firstAnswered).toBe(true);
    expect(ids.indexOf(waiting.id)).toBeLessThan(ids.indexOf(answered.id) === -1 ? Infinity : ids.indexOf(answered.id));
    const only = await get<Paginated<ConversationSummary>>(staff, "/api/staff/messages/?filter=unanswered");
    expect(only.body.results.every((r) => r.unanswered)).toBe(true);
    expect((await get(c.token, "/api/staff/messages/")).status).toBe(403);
  });
});
