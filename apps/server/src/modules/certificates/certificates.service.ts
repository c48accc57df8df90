import {
  CERTIFICATE_DEFAULT_LABS,
  CERTIFICATE_TYPE_LABELS,
  certificateInputSchema,
  certificateVerifyUrl,
  normaliseCertificateNumber,
  type Certificate,
  type CertificatePatch,
  type CertificateType,
  type certificatePatchSchema,
} from "@atelier/contract";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { assertStaff, type Actor } from "../../lib/access.ts";
import type { Clock } from "../../lib/clock.ts";
import { ConflictError, FieldConflictError, NotFoundError, ValidationError } from "../../lib/errors.ts";
import { fieldErrorsFromZod } from "../../lib/field-errors.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import type { LiveEvents } from "../../lib/live-events.ts";
import { changedFields, type AuditService } from "../audit/audit.service.ts";
import type { NotificationsService } from "../notifications/notifications.service.ts";
import type { OrdersService } from "../orders/orders.service.ts";
import type { DocumentFile, IngestedBatch, UploadsService } from "../uploads/uploads.service.ts";
import type { CertificateForm } from "./certificate-form.ts";
import { MISSING_FILE_MESSAGE } from "./certificate-form.ts";
import * as repo from "./certificates.repository.ts";
import type { CertificateRow } from "./certificates.repository.ts";

export interface CertificatesServiceDeps {
  db: Db;
  clock: Clock;
  orders: OrdersService;
  uploads: UploadsService;
  notifications: NotificationsService;
  audit: AuditService;
  live: LiveEvents;
}

export type CertificatesService = ReturnType<typeof createCertificatesService>;
type OrderRow = Awaited<ReturnType<OrdersService["findAccessible"]>>;

/** GIA, IGI and HRD are one lab each whatever branch is named; other labs by their name. */
export function labKeyOf(type: CertificateType, lab: string): string {
  if (type === "gia" || type === "igi" || type === "hrd") return type;
  return lab.trim().toLowerCase().replace(/\s+/g, " ");
}

export function toCertificateResponse(row: CertificateRow, file: DocumentFile): Certificate {
  return {
    id: row.id,
    order_id: row.orderId,
    type: row.type,
    lab: row.lab,
    number: row.number,
    issued_on: row.issuedOn,
    stone: row.stone,
    verify_url: certificateVerifyUrl(row.type, row.number),
    file: { file_name: file.fileName, content_type: file.contentType, size: file.size, url: file.url },
    created_at: row.createdAt.toISOString(),
  };
}


const describe = (row: Pick<CertificateRow, "type" | "number">) => `${CERTIFICATE_TYPE_LABELS[row.type]} ${row.number}`;

const snapshot = (row: Pick<CertificateRow, "type" | "lab" | "number" | "issuedOn" | "stone">) => ({
  type: row.type,
  lab: row.lab,
  number: row.number,
  issued_on: row.issuedOn,
  stone: row.stone,
});

/**
 * Certificates on orders: staff attach them (with the file), change their details or remove
 * them; the customer of the order and staff read them. A lab issues a number once, so the same
 * certificate is never on two orders (or twice on one).
 */
export function createCertificatesService(deps: CertificatesServiceDeps) {
  const { db, clock, orders, uploads, notifications, audit, live } = deps;

  async function responses(from: Db, rows: CertificateRow[]): Promise<Certificate[]> {
    const files = await uploads.documentFiles(
      from,
      rows.map((r) => r.uploadId),
    );
    return rows.flatMap((r) => {
      const file = files.get(r.uploadId);
      return file ? [toCertificateResponse(r, file)] : [];
    });
  }

  /** Refuses a date after today (a day of grace for time zones). */
  function checkIssuedOn(issuedOn: string): void {
    const tomorrow = new Date(clock.now().getTime() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    if (issuedOn > tomorrow) throw new ValidationError({ issued_on: ["The issue date cannot be in the future."] });
  }

  /** 409 on `number` when this lab's number is already on an order. */
  async function assertUnique(from: Db, order: Pick<OrderRow, "id">, labKey: string, numberKey: string, exceptId?: string) {
    const existing = await repo.findByLabNumber(from, labKey, numberKey, exceptId);
    if (!existing) return;
    if (existing.orderId === order.id) throw new FieldConflictError({ number: ["This certificate is already attached to this order."] });
    const other = await orders.numberOf(from, existing.orderId);
    throw new FieldConflictError({
      number: [`${describe(existing)} is already attached to order ${other ?? "another order"}. A certificate belongs to one order.`],
    });
  }

  const refuseCancelled = (order: OrderRow) =>
    new ConflictError(`Order ${order.orderNumber} is cancelled: certificates can no longer be attached or changed.`);

  const publishOrder = (tx: Db, order: OrderRow) =>
    live.publish(tx, [{ kind: "order", userIds: [order.userId], staff: true, data: { order_id: order.id } }]);

  return {
    /** The order's certificates, oldest first (for the order's own answer, in the caller's read). */
    async forOrder(from: Db, orderId: string): Promise<Certificate[]> {
      return responses(from, await repo.listOrderCertificates(from, orderId));
    },

    /** GET /api/orders/{id}/certificates/: the order's customer and staff; another customer's order is a 404. */
    async list(actor: Actor, orderId: string): Promise<Certificate[]> {
      const order = await orders.findAccessible(db, actor, orderId);
      return responses(db, await repo.listOrderCertificates(db, order.id));
    },

    async attach(actor: Actor, orderId: string, form: CertificateForm): Promise<Certificate> {
      assertStaff(actor);
      const batches: IngestedBatch[] = [];
      try {
        const parsed = certificateInputSchema.safeParse(form.data ?? {});
        const errors = parsed.success ? {} : fieldErrorsFromZod(parsed.error, "data");
        if (!form.file) errors.file = [MISSING_FILE_MESSAGE];
        if (!parsed.success || !form.file) throw new ValidationError(errors);
        const input = parsed.data;
        checkIssuedOn(input.issued_on);
        const lab = input.lab || CERTIFICATE_DEFAULT_LABS[input.type];
        const labKey = labKeyOf(input.type, lab);
        const numberKey = normaliseCertificateNumber(input.number);

        // Refuse before the file is stored; the transaction checks again under the order's lock.
        const before = await orders.findAccessible(db, actor, orderId);
        if (before.status === "cancelled") throw refuseCancelled(before);
        await assertUnique(db, before, labKey, numberKey);

        batches.push(await uploads.ingestDocument(actor.id, form.file));
        const uploadId = batches[0]?.uploadIds[0];
        if (!uploadId) throw new Error("the certificate's file was not stored");
        return await orders.inTx(async (tx) => {
          const order = await orders.lockOrder(tx, actor, orderId);
          if (order.status === "cancelled") throw refuseCancelled(order);
          await assertUnique(tx, order, labKey, numberKey);
          const now = clock.now();
          const row = await repo.insertCertificate(tx, {
            orderId: order.id,
            type: input.type,
            lab,
            labKey,
            number: input.number,
            numberKey,
            issuedOn: input.issued_on,
            stone: input.stone,
            uploadId,
            createdBy: actor.id,
            createdAt: now,
            updatedAt: now,
          });
          if ((await uploads.completeStandalone(tx, [uploadId])) !== 1) {
            throw new ConflictError("The certificate's file was removed while it was being saved. Please try again.");
          }
          await audit.record(tx, {
            actor,
            action: "certificate.attached",
            targetType: "certificate",
            targetId: row.id,
            targetLabel: `${order.orderNumber} ${describe(row)}`,
            after: { order_id: order.id, ...snapshot(row), file_name: form.file?.fileName ?? "" },
          });
          await notifications.notify(tx, [
            {
              userId: order.userId,
              orderId: order.id,
              type: "status_change",
              title: `A ${CERTIFICATE_TYPE_LABELS[row.type]} certificate is on your order`,
              message: `Order ${order.orderNumber}: ${describe(row)}${row.stone ? ` (${row.stone})` : ""} from ${row.lab}. See it on the order's Details tab.`,
              link: `/dashboard/orders/${order.id}`,
            },
          ]);
          await publishOrder(tx, order);
          const [response] = await responses(tx, [row]);
          if (!response) throw new Error("the certificate's file is missing");
          return response;
        });
      } catch (err) {
        await Promise.all(batches.map((b) => b.discard()));
        if (isUniqueViolation(err)) throw new FieldConflictError({ number: ["This certificate was just attached to an order."] });
        throw err;
      }
    },

    async update(actor: Actor, id: string, patch: z.output<typeof certificatePatchSchema> | CertificatePatch): Promise<Certificate> {
      assertStaff(actor);
      try {
        return await orders.inTx(async (tx) => {
          const found = await repo.findCertificate(tx, id);
          if (!found) throw new NotFoundError();
          const order = await orders.lockOrder(tx, actor, found.orderId);
          const current = (await repo.findCertificate(tx, id, true)) ?? found;
          if (order.status === "cancelled") throw refuseCancelled(order);
          const type = patch.type ?? current.type;
          const lab = (patch.lab ?? (patch.type && patch.type !== current.type ? "" : current.lab)) || CERTIFICATE_DEFAULT_LABS[type];
          if (!lab) throw new ValidationError({ lab: ["Name the issuing lab or hallmarking centre."] });
          const number = patch.number?.trim() ?? current.number;
          const issuedOn = patch.issued_on ?? current.issuedOn;
          if (patch.issued_on) checkIssuedOn(issuedOn);
          const labKey = labKeyOf(type, lab);
          const numberKey = normaliseCertificateNumber(number);
          await assertUnique(tx, order, labKey, numberKey, current.id);
          const next = { type, lab, labKey, number, numberKey, issuedOn, stone: patch.stone?.trim() ?? current.stone };
          const changes = changedFields(snapshot(current), snapshot(next));
          if (Object.keys(changes.after).length === 0) return (await responses(tx, [current]))[0] as Certificate;
          const row = await repo.updateCertificate(tx, current.id, { ...next, updatedAt: clock.now() });
          await audit.record(tx, {
            actor,
            action: "certificate.changed",
            targetType: "certificate",
            targetId: row.id,
            targetLabel: `${order.orderNumber} ${describe(row)}`,
            ...changes,
          });
          await publishOrder(tx, order);
          const [response] = await responses(tx, [row]);
          if (!response) throw new Error("the certificate's file is missing");
          return response;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new FieldConflictError({ number: ["This certificate was just attached to an order."] });
        throw err;
      }
    },

    /** Removes the certificate and, once that has committed, its file. */
    async remove(actor: Actor, id: string): Promise<void> {
      assertStaff(actor);
      const removeFiles = await orders.inTx(async (tx) => {
        const found = await repo.findCertificate(tx, id);
        if (!found) throw new NotFoundError();
        const order = await orders.lockOrder(tx, actor, found.orderId);
        const row = await repo.findCertificate(tx, id, true);
        if (!row) throw new NotFoundError();
        await repo.deleteCertificate(tx, row.id);
        const files = await uploads.removeStandalone(tx, [row.uploadId]);
        await audit.record(tx, {
          actor,
          action: "certificate.removed",
          targetType: "certificate",
          targetId: row.id,
          targetLabel: `${order.orderNumber} ${describe(row)}`,
          before: { order_id: order.id, ...snapshot(row) },
        });
        await publishOrder(tx, order);
        return files;
      });
      await removeFiles();
    },
  };
}
