import type { Paginated, StaffPerson, createStaffInputSchema, staffPeopleQuerySchema, updatePersonInputSchema } from "@atelier/contract";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { assertAdmin, type Actor } from "../../lib/access.ts";
import { ConflictError, NotFoundError } from "../../lib/errors.ts";
import { pageWindow, toPage } from "../../lib/pagination.ts";
import type { AuditRecord, AuditService } from "../audit/audit.service.ts";
import type { AuthService, UserRow } from "../auth/auth.service.ts";
import type { OrdersService } from "../orders/orders.service.ts";

export type PeopleQuery = z.output<typeof staffPeopleQuerySchema>;
export type CreateStaffData = z.output<typeof createStaffInputSchema>;
export type UpdatePersonData = z.output<typeof updatePersonInputSchema>;
export type PeopleService = ReturnType<typeof createPeopleService>;

function toPerson(user: UserRow, lastSeenAt: Date | null, orderCount: number): StaffPerson {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    role: user.role,
    is_active: user.isActive,
    date_joined: user.dateJoined.toISOString(),
    last_seen_at: lastSeenAt ? lastSeenAt.toISOString() : null,
    order_count: orderCount,
  };
}

const displayName = (u: UserRow) => `${u.firstName} ${u.lastName}`.trim() || u.email;

/**
 * People management for admins: list accounts, make staff and admin accounts (a one-time
 * set-password link is e-mailed, never a password), change roles, deactivate and reactivate.
 * Accounts themselves belong to the auth module: this service asks it for every change, and
 * writes the audit row in the same transaction.
 */
export function createPeopleService(deps: { db: Db; publicUrl: string; auth: AuthService; audit: AuditService; orders: OrdersService }) {
  const { db, auth, audit, orders } = deps;

  async function personOf(tx: Db, user: UserRow): Promise<StaffPerson> {
    const [lastSeen, counts] = await Promise.all([auth.lastSeenOf(tx, user.id), orders.orderCountsOf([user.id], tx)]);
    return toPerson(user, lastSeen, counts.get(user.id) ?? 0);
  }

  return {
    async list(actor: Actor, q: PeopleQuery): Promise<Paginated<StaffPerson>> {
      assertAdmin(actor);
      const role = q.role === "" || q.role === "all" ? undefined : q.role;
      const url = new URL(`${deps.publicUrl}/api/staff/people/`);
      if (q.search) url.searchParams.set("search", q.search);
      if (role) url.searchParams.set("role", role);
      const { limit, offset } = pageWindow(q.page);
      const { total, rows } = await auth.listPeople({ search: q.search || undefined, role }, limit, offset);
      toPage([], total, q.page, url.toString());
      const counts = await orders.orderCountsOf(rows.map((r) => r.user.id));
      return toPage(
        rows.map((r) => toPerson(r.user, r.lastSeenAt, counts.get(r.user.id) ?? 0)),
        total,
        q.page,
        url.toString(),
      );
    },

    /** A staff or admin account; its welcome e-mail is queued with it (sent once the account is committed). */
    async create(admin: UserRow, input: CreateStaffData): Promise<StaffPerson> {
      assertAdmin(admin);
      const { user } = await db.transaction(async (tx) => {
        const made = await auth.createInvitedAccount(tx, {
          email: input.email,
          firstName: input.first_name,
          lastName: input.last_name,
          role: input.role,
        });
        await audit.record(tx, {
          actor: admin,
          action: "person.created",
          targetType: "user",
          targetId: made.user.id,
          targetLabel: made.user.email,
          after: { email: made.user.email, name: displayName(made.user), role: made.user.role },
        });
        await auth.sendWelcome(tx, made.user, made.welcome, displayName(admin));
        return made;
      });
      return toPerson(user, null, 0);
    },

    /**
     * A role change, a deactivation (every token revoked) or a reactivation, in one transaction
     * with its audit rows. The last active administrator keeps that role and stays active, and an
     * admin cannot demote or deactivate themself.
     */
    async update(actor: Actor, id: string, input: UpdatePersonData): Promise<StaffPerson> {
      assertAdmin(actor);
      return db.transaction(async (tx) => {
        // Admins first, then the person: every change locks in the same order.
        const activeAdmins = await auth.lockActiveAdmins(tx);
        const user = await auth.lockUser(tx, id);
        if (!user) throw new NotFoundError();
        const role = input.role ?? user.role;
        const active = input.is_active ?? user.isActive;
        const losesAdmin = user.role === "admin" && user.isActive && (role !== "admin" || !active);
        if (losesAdmin && activeAdmins.filter((a) => a !== user.id).length === 0) {
          throw new ConflictError(
            `${user.email} is the last active administrator: make another account an administrator before ${active ? "changing this role" : "deactivating it"}.`,
          );
        }
        if (user.id === actor.id && role !== user.role) {
          throw new ConflictError("You cannot change your own role: ask another administrator to do it.");
        }
        if (user.id === actor.id && !active) {
          throw new ConflictError("You cannot deactivate your own account: ask another administrator to do it.");
        }

        const entries: AuditRecord[] = [];
        const target = { targetType: "user", targetId: user.id, targetLabel: user.email };
        let row = user;
        if (role !== user.role) {
          row = await auth.setRole(tx, user.id, role);
          entries.push({ actor, action: "person.role_changed", ...target, before: { role: user.role }, after: { role } });
        }
        if (active !== user.isActive) {
          row = await auth.setActive(tx, user.id, active);
          entries.push({
            actor,
            action: active ? "person.reactivated" : "person.deactivated",
            ...target,
            before: { is_active: user.isActive },
            after: { is_active: active },
          });
        }
        await audit.record(tx, entries);
        return personOf(tx, row);
      });
    },
  };
}
