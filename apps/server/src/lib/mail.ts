import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type { Logger } from "pino";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * SMTP when a URL is given; otherwise every message is written as an .eml file under
 * `mailDir` and its links are logged, so password reset works on a fresh machine.
 */
export function createMailer(options: { smtpUrl?: string | undefined; from: string; mailDir: string; logger: Logger }): Mailer {
  const { from, mailDir, logger } = options;
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      send: async (m) => {
        await transport.sendMail({ from, ...m });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    send: async (m) => {
      const info = await transport.sendMail({ from, ...m });
      await fs.mkdir(mailDir, { recursive: true });
      const file = path.join(mailDir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${crypto.randomUUID()}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      const links = m.text.match(/https?:\/\/\S+/g) ?? [];
      logger.info({ to: m.to, subject: m.subject, file, links }, "mail written to file");
    },
    close: () => transport.close(),
  };
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** One calm layout for every e-mail: a heading, paragraphs and an optional button. */
export function renderEmail(opts: { heading: string; paragraphs: string[]; action?: { label: string; url: string } }): {
  text: string;
  html: string;
} {
  const text = [opts.heading, "", ...opts.paragraphs.flatMap((p) => [p, ""]), opts.action ? `${opts.action.label}: ${opts.action.url}` : ""]
    .join("\n")
    .trim();
  const button = opts.action
    ? `<p style="margin:32px 0"><a href="${escapeHtml(opts.action.url)}" style="background:#8a6a3b;color:#fff;padding:12px 24px;border-radius:6px;text-decoration:none;font-family:Arial,sans-serif">${escapeHtml(opts.action.label)}</a></p><p style="font-size:13px;color:#6b645c">Or paste this link into your browser:<br>${escapeHtml(opts.action.url)}</p>`
    : "";
  const html = `<!doctype html><html><body style="background:#fbf8f3;margin:0;padding:32px"><div style="max-width:560px;margin:auto;background:#fff;padding:40px;border-radius:8px;font-family:Arial,sans-serif;color:#1e1b18;line-height:1.6"><p style="letter-spacing:.2em;font-size:12px;color:#8a6a3b;margin:0 0 24px">AURELIA ATELIER</p><h1 style="font-family:Georgia,serif;font-weight:400;font-size:26px;margin:0 0 16px">${escapeHtml(opts.heading)}</h1>${opts.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("")}${button}</div></body></html>`;
  return { text, html };
}
