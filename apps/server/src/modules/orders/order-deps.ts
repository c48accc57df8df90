import type { Certificate, Refund } from "@atelier/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import type { LiveEvents } from "../../lib/live-events.ts";
import type { AuditService } from "../audit/audit.service.ts";
import type { MessagesService } from "../messages/messages.service.ts";
import type { NotificationsService } from "../notifications/notifications.service.ts";
import type { PricingService } from "../pricing/pricing.service.ts";
import type { CustomerMailService } from "../settings/customer-mail.service.ts";
import type { UploadsService } from "../uploads/uploads.service.ts";

export interface PaymentSettings {
  bankDetails: string[];
  upiId: string | undefined;
  contactEmail: string | undefined;
}

/** What the orders service and the parts it is composed of are built with (by the composition root). */
export interface OrdersServiceDeps {
  db: Db;
  clock: Clock;
  publicUrl: string;
  logger: FastifyBaseLogger;
  /** The customer e-mails (the settings module: skipped when turned off, with unsubscribe links). */
  customerMail: CustomerMailService;
  pricing: PricingService;
  notifications: NotificationsService;
  uploads: UploadsService;
  payment: PaymentSettings;
  /** Staff actions are recorded in the transaction of the change. */
  audit: AuditService;
  /** The order's certificates for its answer (the certificates module, bound by the composition root). */
  certificatesOf?: (from: Db, orderId: string) => Promise<Certificate[]>;
  /** The refunds of the order's payments for its answer (the refunds module, bound by the composition root). */
  refundsOf?: (from: Db, orderId: string) => Promise<Refund[]>;
  /** An order's comments are the messages of its conversation. */
  messages: MessagesService;
  /** Open pages of the customer and of staff refresh when an order changes. */
  live: LiveEvents;
  /** Runs the queued jobs that are due now (tests wait for the e-mails a use case queued). */
  drainJobs: () => Promise<unknown>;
}

/**
 * Work the transaction's change causes (its e-mails): run at the end of the transaction, where it
 * queues durable jobs, so the jobs commit or roll back with the change.
 */
export type Later = (job: (tx: Db) => Promise<void>) => void;
