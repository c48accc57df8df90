import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type { Logger } from "pino";
import { genericEmail, type GenericEmailInput } from "./email/index.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post on e-mails a customer can turn off. */
  headers?: Record<string, string>;
  /** A stable Message-ID (the queued job's), so a receiving server can spot a resent copy. */
  messageId?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * SMTP when a URL is given; otherwise every message is written as an .eml file under
 * `mailDir` and its links are logged, so password reset works on a fresh machine.
 */
export function createMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  mailDir: string;
  logger: Logger;
  /** Connection, greeting and socket timeouts: an SMTP server that accepts but never answers fails the try. */
  timeoutMs?: number | undefined;
}): Mailer {
  const { from, mailDir, logger } = options;
  if (options.smtpUrl) {
    const timeoutMs = options.timeoutMs ?? 20_000;
    const transport: Transporter = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    });
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

/**
 * One calm layout for every e-mail: a heading, paragraphs and an optional button. The HTML and
 * plain-text parts come from the shared template in `./email/`.
 */
export async function renderEmail(opts: GenericEmailInput): Promise<{ text: string; html: string }> {
  const { text, html } = await genericEmail(opts);
  return { text, html };
}
