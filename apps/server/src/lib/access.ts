import type { Role } from "@atelier/contract";
import { ForbiddenError, NotFoundError } from "./errors.ts";

export interface Actor {
  id: string;
  role: Role;
}

export function isStaff(actor: Actor): boolean {
  return actor.role === "staff" || actor.role === "admin";
}

/**
 * The one access check for rows owned by a customer: staff see every row, a customer only
 * their own. A row that is not theirs answers 404, exactly like a row that does not exist,
 * so ids cannot be probed.
 */
export function assertCanAccess<T extends { userId: string }>(actor: Actor, row: T | null | undefined, notFoundMessage?: string): T {
  if (!row || (row.userId !== actor.id && !isStaff(actor))) throw new NotFoundError(notFoundMessage);
  return row;
}

/** Staff paths refuse customers with 403 (they know the path exists; it is not a row to hide). */
export function assertStaff(actor: Actor, message = "Only staff can do this."): void {
  if (!isStaff(actor)) throw new ForbiddenError(message);
}

export function isAdmin(actor: Actor): boolean {
  return actor.role === "admin";
}

/** Admin-only paths refuse staff and customers with 403. */
export function assertAdmin(actor: Actor, message = "Only an administrator can do this."): void {
  if (!isAdmin(actor)) throw new ForbiddenError(message);
}
