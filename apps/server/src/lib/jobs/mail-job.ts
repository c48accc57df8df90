import type { Db } from "../../db/client.ts";
import { renderEmailSpec, type EmailSpec } from "../email/index.ts";
import type { Mailer } from "../mail.ts";
import { PermanentJobError, type JobQueue } from "./queue.ts";

export const MAIL_JOB = "mail";

/** An e-mail as queued: the recipient and the template to render when it is sent. */
export interface QueuedMail {
  to: string;
  email: EmailSpec;
  /** Replaces the template's subject. */
  subject?: string | undefined;
  headers?: Record<string, string> | undefined;
}

/** Writes e-mails as jobs in the caller's transaction: sent once it commits, never when it rolls back. */
export interface MailOutbox {
  send(tx: Db, mail: QueuedMail): Promise<void>;
}

/**
 * Whether SMTP said no for good: a 5xx answer to the envelope (a rejected address) or to the
 * message. Anything else (refused or dropped connections, timeouts, 4xx "try later", a failed
 * sign-in to the server) is worth another try.
 */
export function isPermanentSmtpError(err: unknown): boolean {
  const e = err as { responseCode?: unknown; code?: unknown };
  return (
    typeof e.responseCode === "number" && e.responseCode >= 500 && e.responseCode < 600 && (e.code === "EENVELOPE" || e.code === "EMESSAGE")
  );
}

/** Registers the e-mail job's handler on `queue` (rendered, then sent through `mailer`) and returns the outbox. */
export function createMailOutbox(queue: JobQueue, mailer: Mailer): MailOutbox {
  queue.register(MAIL_JOB, async (payload, context) => {
    const mail = payload as QueuedMail;
    const rendered = await renderEmailSpec(mail.email);
    try {
      await mailer.send({
        to: mail.to,
        subject: mail.subject ?? rendered.subject,
        text: rendered.text,
        html: rendered.html,
        ...(mail.headers && { headers: mail.headers }),
        messageId: `<${context.id}@atelier.jobs>`,
      });
    } catch (err) {
      if (isPermanentSmtpError(err)) throw new PermanentJobError(err instanceof Error ? err.message : String(err));
      throw err;
    }
  });
  return {
    send: async (tx, mail) => {
      await queue.enqueue(tx, MAIL_JOB, mail);
    },
  };
}
