/**
 * The security headers every answer carries (CSP, HSTS, frame and referrer policies...), built by
 * helmet once at start-up and then copied onto each reply. @fastify/helmet rebuilds helmet's
 * middleware chain and re-parses the CSP directives on every request (about a tenth of a small
 * request's CPU here); nothing in them depends on the request, so they are computed once.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

export function securityHeaders(options: Readonly<HelmetOptions>): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: Error | undefined;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) failure = err instanceof Error ? err : new Error("helmet refused its options");
  });
  if (failure) throw failure;
  return Object.freeze(headers);
}

/** Sets the headers on every reply of `app`, error and 404 answers included. */
export function installSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const headers = securityHeaders(options);
  app.addHook("onRequest", (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}
