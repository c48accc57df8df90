import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer, renderEmail } from "./mail.ts";

const logger = pino({ level: "silent" });

describe("mail over real SMTP", () => {
  const received: { from: string; to: string[]; raw: string }[] = [];
  let server: SMTPServer;
  let port = 0;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("delivers a message with HTML and text parts", async () => {
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: "Atelier <no-reply@atelier.test>", mailDir: "/nonexistent", logger });
    const body = await renderEmail({ heading: "Reset your password", paragraphs: ["Hello <there>"], action: { label: "Choose", url: "http://x.test/reset-password/a/b" } });
    await mailer.send({ to: "meera@example.com", subject: "Reset your password", ...body });
    mailer.close();
    expect(received).toHaveLength(1);
    const [msg] = received;
    expect(msg!.from).toBe("no-reply@atelier.test");
    expect(msg!.to).toEqual(["meera@example.com"]);
    expect(msg!.raw).toContain("Subject: Reset your password");
    expect(msg!.raw).toContain("Content-Type: text/plain");
    expect(msg!.raw).toContain("Content-Type: text/html");
    expect(msg!.raw).toContain("http://x.test/reset-password/a/b");
    // Text is escaped in the HTML part.
    expect(msg!.raw).toContain("Hello &lt;there&gt;");
  });
});

describe("mail without SMTP", () => {
  it("writes each message as an .eml file under the mail folder", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "mail-"));
    const mailer = createMailer({ from: "Atelier <no-reply@atelier.test>", mailDir: path.join(dir, "mail"), logger });
    await mailer.send({ to: "a@example.com", subject: "Hello", text: "Link: http://x.test/a", html: "<p>Link</p>" });
    const files = await fs.readdir(path.join(dir, "mail"));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const raw = await fs.readFile(path.join(dir, "mail", files[0]!), "utf8");
    expect(raw).toContain("To: a@example.com");
    expect(raw).toContain("http://x.test/a");
    await fs.rm(dir, { recursive: true });
  });
});
