import { ROLES, type FieldErrors, type Role } from "@atelier/contract";
import { ValidationError } from "../lib/errors.ts";
import type { AuthService } from "../modules/auth/auth.service.ts";

/** What the admin command can ask for, run here or by the running server (admin socket). */
export type AdminRequest = { op: "create-account"; email: string; password: string; role: Role };
export type AdminResponse =
  | { ok: true; message: string }
  | { ok: false; fields: FieldErrors }
  | { ok: false; error: string };

export function isAdminRequest(value: unknown): value is AdminRequest {
  const v = value as Partial<AdminRequest> | null;
  return (
    typeof v === "object" &&
    v !== null &&
    v.op === "create-account" &&
    typeof v.email === "string" &&
    typeof v.password === "string" &&
    ROLES.includes(v.role as Role) &&
    v.role !== "customer"
  );
}

export async function runAdminRequest(auth: Pick<AuthService, "createAccount">, request: unknown): Promise<AdminResponse> {
  if (!isAdminRequest(request)) return { ok: false, error: "Unknown request." };
  try {
    const user = await auth.createAccount({ email: request.email, password: request.password, role: request.role });
    return { ok: true, message: `Created ${user.role} account ${user.email} (username ${user.username}).` };
  } catch (err) {
    if (err instanceof ValidationError) return { ok: false, fields: err.fields };
    throw err;
  }
}
