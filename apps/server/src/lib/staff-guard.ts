import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import { assertAdmin, assertStaff } from "./access.ts";
import { actorOf } from "./request.ts";

type Hook = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
export type StaffAccess = "staff" | "admin";

const requireStaff: Hook = (req) => Promise.resolve().then(() => assertStaff(actorOf(req)));
const requireAdmin: Hook = (req) => Promise.resolve().then(() => assertAdmin(actorOf(req)));

const ACCESS_TEXT: Record<StaffAccess, string> = {
  staff: "Staff and admins only: 401 without a token, 403 for customers.",
  admin: "Admins only: 401 without a token, 403 for staff and customers.",
};

const described = new WeakSet<FastifyInstance>();

/**
 * The OpenAPI document says who may call each guarded route: `x-access` ("staff" or "admin"),
 * the token security scheme and a sentence in the description. The table-driven access test
 * reads `x-access` to check every /api/staff/ path, including ones added later.
 */
function describeAccess(app: FastifyInstance): void {
  if (described.has(app)) return;
  described.add(app);
  app.addHook("onRoute", (route: RouteOptions) => {
    const hooks = [route.onRequest ?? []].flat();
    const access: StaffAccess | undefined = hooks.includes(requireAdmin) ? "admin" : hooks.includes(requireStaff) ? "staff" : undefined;
    if (!access || !route.schema) return;
    const schema = route.schema as Record<string, unknown>;
    const description = typeof schema.description === "string" ? `${schema.description}\n\n` : "";
    const documented = { ...schema, "x-access": access, security: [{ token: [] }], description: `${description}${ACCESS_TEXT[access]}` };
    route.schema = documented;
  });
}

/**
 * The one place the server checks staff roles. Spread into a route's options:
 * `{ ...staffOnly(app) }` or `{ ...adminOnly(app) }`. Both run in `onRequest`, so a customer
 * gets 403 and an anonymous caller 401 before the body is parsed (even a malformed one).
 */
export function staffOnly(app: FastifyInstance): { onRequest: Hook[] } {
  describeAccess(app);
  return { onRequest: [app.authenticate, requireStaff] };
}

/** Admin-only paths (pricing saves, people, audit log): 403 for staff and customers alike. */
export function adminOnly(app: FastifyInstance): { onRequest: Hook[] } {
  describeAccess(app);
  return { onRequest: [app.authenticate, requireAdmin] };
}
