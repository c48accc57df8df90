import type { Role } from "./auth.ts";
import type { SenderRole } from "./messages.ts";

/**
 * The ONE way a person is named, everywhere: an order's history (page and PDF), its comments,
 * messages, the audit log and the people screen. A staff member reads "Asha Rao (staff)"; the
 * role word is the account's role, or the part they play in a conversation (designer, support).
 */

/** Any shape a person comes in: first and last name, and what they are. */
export type NamedPerson = { first_name: string; last_name: string; role: Role | SenderRole };

/** Who did what when nobody did: quote expiry, automatic completion. */
export const AUTOMATIC_ACTOR = "Aurelia Atelier (automatic)";
/** The name of a staff account that has none on record (made before names were asked). */
export const UNNAMED_STAFF = "Aurelia Atelier";
/** The name of a customer who gave none. */
export const UNNAMED_CUSTOMER = "Customer";

export const isStaffSide = (role: NamedPerson["role"]): boolean => role !== "customer";

/** "Asha Rao": first and last name; without any, "Aurelia Atelier" for staff, "Customer" for a customer. */
export function personName(p: NamedPerson): string {
  const name = [p.first_name.trim(), p.last_name.trim()].filter(Boolean).join(" ");
  if (name) return name;
  return isStaffSide(p.role) ? UNNAMED_STAFF : UNNAMED_CUSTOMER;
}

/**
 * A person beside what they did: a customer by name ("Meera Iyer"), a staff member by name and
 * role ("Asha Rao (staff)", "Ravi Kumar (designer)"), nobody (null) as "Aurelia Atelier (automatic)".
 * `me` names the reader "You" (the customer reading their own order, anyone reading their message).
 */
export function personLabel(p: NamedPerson | null | undefined, opts: { me?: boolean } = {}): string {
  if (!p) return AUTOMATIC_ACTOR;
  if (opts.me) return "You";
  return withRole(personName(p), p.role);
}

/** A name already made (by personName, on the server) with its role: "Asha Rao (support)"; a customer's alone. */
export function withRole(name: string, role: NamedPerson["role"]): string {
  return isStaffSide(role) ? `${name} (${role})` : name;
}

/** Two letters for an avatar ("AR"); "AA" for an unnamed staff member, "CU" for an unnamed customer. */
export function personInitials(p: NamedPerson): string {
  const i = `${p.first_name.trim()[0] ?? ""}${p.last_name.trim()[0] ?? ""}`.toUpperCase();
  return i || (isStaffSide(p.role) ? "AA" : "CU");
}
