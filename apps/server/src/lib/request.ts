import type { FastifyRequest } from "fastify";
import type { Actor } from "./access.ts";
import { NotFoundError } from "./errors.ts";

/** What every module's routes read from a request: who is acting, and a row id from the path. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function actorOf(req: FastifyRequest): Actor {
  const { id, role } = req.auth().user;
  return { id, role };
}

/** An id that is not a UUID cannot name a row: 404 like any other missing row. */
export function uuidOr404(id: string): string {
  if (!UUID.test(id)) throw new NotFoundError();
  return id.toLowerCase();
}
