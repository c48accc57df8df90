import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { assertAdmin, assertStaff } from "./access.ts";
import { actorOf } from "./request.ts";

type Hook = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * The one place the server checks staff roles. Spread into a route's options:
 * `{ ...staffOnly(app) }` or `{ ...adminOnly(app) }`. Both run in `onRequest`, so a customer
 * gets 403 and an anonymous caller 401 before the body is parsed (even a malformed one).
 */
export function staffOnly(app: FastifyInstance): { onRequest: Hook[] } {
  return {
    onRequest: [app.authenticate, (req) => Promise.resolve().then(() => assertStaff(actorOf(req)))],
  };
}

/** Admin-only paths (pricing saves, people, audit log): 403 for staff and customers alike. */
export function adminOnly(app: FastifyInstance): { onRequest: Hook[] } {
  return {
    onRequest: [app.authenticate, (req) => Promise.resolve().then(() => assertAdmin(actorOf(req)))],
  };
}
