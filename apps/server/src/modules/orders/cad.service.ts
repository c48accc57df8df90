import type { CadDesign } from "@atelier/contract";
import type { Db } from "../../db/client.ts";
import { assertStaff, type Actor } from "../../lib/access.ts";
import type { Clock } from "../../lib/clock.ts";
import { ConflictError, ForbiddenError, NotFoundError } from "../../lib/errors.ts";
import type { AuditService } from "../audit/audit.service.ts";
import type { NotificationsService } from "../notifications/notifications.service.ts";
import type { CustomerMailService } from "../settings/customer-mail.service.ts";
import type { IngestedBatch, UploadsService } from "../uploads/uploads.service.ts";
import type { CadForm } from "./cad-form.ts";
import { cadReadyMail } from "./order-mails.ts";
import { statusLabel, toCadResponse, type CadContext } from "./order-view.ts";
import * as repo from "./orders.repository.ts";
import { orderLink, type OrdersService } from "./orders.service.ts";

export type CadService = ReturnType<typeof createCadService>;

/** CAD versions: staff upload them (the first moves approved → cad_design); the customer approves one. */
export function createCadService(deps: {
  db: Db;
  clock: Clock;
  publicUrl: string;
  /** The customer e-mails (the settings module: skipped when turned off, with unsubscribe links). */
  customerMail: CustomerMailService;
  orders: OrdersService;
  uploads: UploadsService;
  notifications: NotificationsService;
  audit: AuditService;
}) {
  const { db, clock, orders, uploads, notifications, audit } = deps;

  const refuseUpload = (o: repo.OrderRow) =>
    new ConflictError(
      `Order ${o.orderNumber} is ${statusLabel(o.status)}: CAD versions are uploaded once the advance is confirmed and until the customer approves one.`,
    );

  async function response(tx: Db, row: repo.CadDesignRow, context: CadContext): Promise<CadDesign> {
    const files = await uploads.cadFiles(tx, [row.id]);
    return toCadResponse(row, files, context);
  }

  return {
    async upload(actor: Actor, orderId: string, form: CadForm): Promise<CadDesign> {
      assertStaff(actor);
      // Refuse before any file is processed; the transaction checks again under the lock.
      const before = await repo.findOrder(db, orderId);
      if (!before) throw new NotFoundError();
      if (before.status !== "approved" && before.status !== "cad_design") throw refuseUpload(before);

      const batches: IngestedBatch[] = [];
      try {
        batches.push(await uploads.ingestImages(actor.id, form.images, "cad"));
        if (form.model) batches.push(await uploads.ingestModel(actor.id, form.model));
        return await orders.inTx(async (tx, later) => {
          const order = await orders.lockOrder(tx, actor, orderId);
          if (order.status !== "approved" && order.status !== "cad_design") throw refuseUpload(order);
          const versions = await repo.listCadDesigns(tx, order.id);
          const now = clock.now();
          const cad = await repo.insertCadDesign(tx, {
            orderId: order.id,
            version: Math.max(0, ...versions.map((v) => v.version)) + 1,
            description: form.description,
            uploadedBy: actor.id,
            createdAt: now,
          });
          const ids = batches.flatMap((b) => b.uploadIds);
          if ((await uploads.attachToCad(tx, ids, cad.id)) !== ids.length)
            throw new ConflictError("A file was removed while the version was being saved. Please try again.");
          await audit.record(tx, {
            actor,
            action: "cad.uploaded",
            targetType: "cad_design",
            targetId: cad.id,
            targetLabel: `${order.orderNumber} CAD v${cad.version}`,
            after: { order_id: order.id, version: cad.version, image_count: form.images.length, model_format: form.model?.format ?? null },
          });
          const notice = {
            userId: order.userId,
            orderId: order.id,
            type: "cad_ready" as const,
            title: `CAD design version ${cad.version} is ready`,
            message: `Review version ${cad.version} of ${order.designName} (order ${order.orderNumber}) and approve it or ask for changes.`,
            link: orderLink(order.id),
          };
          if (order.status === "approved") {
            await orders.move(tx, order, "cad_design", actor, { note: `CAD version ${cad.version} uploaded.`, notice });
          } else {
            await orders.event(tx, order, "cad_uploaded", actor, `CAD version ${cad.version} uploaded.`);
            await notifications.notify(tx, [notice]);
          }
          later((tx) => cadReadyMail(deps, tx, order, cad));
          return response(tx, cad, { newestVersion: cad.version, orderStatus: "cad_design" });
        });
      } catch (err) {
        await Promise.all(batches.map((b) => b.discard()));
        throw err;
      }
    },

    /**
     * Only the customer approves, only the newest version (older ones are superseded by it), only
     * an unapproved one, only while the order is in CAD Design.
     */
    async approve(actor: Actor, cadId: string): Promise<CadDesign> {
      return orders.inTx(async (tx) => {
        const found = await repo.findCadDesign(tx, cadId);
        if (!found) throw new NotFoundError();
        const order = await orders.lockOrder(tx, actor, found.orderId);
        if (actor.id !== order.userId) throw new ForbiddenError("Only the customer can approve a CAD design.");
        const cad = (await repo.findCadDesign(tx, cadId, true)) ?? found;
        if (cad.isApproved) throw new ConflictError(`Version ${cad.version} is already approved.`);
        // The order is locked, so no version is uploaded or approved meanwhile.
        const newest = Math.max(...(await repo.listCadDesigns(tx, order.id)).map((v) => v.version));
        if (cad.version < newest) {
          throw new ConflictError(
            `Version ${cad.version} is superseded by version ${newest}: only the newest version can be approved.`,
          );
        }
        if (order.status !== "cad_design") {
          throw new ConflictError(
            `Order ${order.orderNumber} is ${statusLabel(order.status)}: a CAD design can only be approved while the order is in CAD Design.`,
          );
        }
        const now = clock.now();
        await repo.updateCadDesign(tx, cad.id, { isApproved: true, approvedAt: now, approvedBy: actor.id });
        await orders.move(tx, order, "cad_approved", actor, { note: `CAD version ${cad.version} approved.` });
        return response(tx, { ...cad, isApproved: true, approvedAt: now, approvedBy: actor.id }, { newestVersion: newest, orderStatus: "cad_approved" });
      });
    },
  };
}
