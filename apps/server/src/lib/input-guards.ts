import http from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { JsonInputError, parseJsonText, cleanStrings } from "./json-input.ts";

/**
 * Installs the request guards every route shares (see json-input.ts): the JSON body parser with
 * its depth bound, `__proto__` refusal and string cleaning (NUL, lone surrogates), and the same cleaning of query strings and
 * path parameters before validation. Call it on the root instance before any route.
 */
export function installInputGuards(app: FastifyInstance): void {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) => {
    const text = body as string;
    if (text.trim() === "") {
      done(new JsonInputError("JSON parse error - the request body is empty."), undefined);
      return;
    }
    try {
      done(null, parseJsonText(text));
    } catch (err) {
      done(err as JsonInputError, undefined);
    }
  });
  app.addHook("preValidation", (req, _reply, done) => {
    if (req.query && typeof req.query === "object") req.query = cleanStrings(req.query);
    if (req.params && typeof req.params === "object") req.params = cleanStrings(req.params);
    done();
  });
}

/**
 * Fastify's router errors (a URL it cannot decode, a path parameter over 100 characters) in the
 * API's `{detail}` shape, instead of Fastify's own shape echoing the URL back.
 */
export function frameworkErrorHandler(err: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  const tooLong = err.code === "FST_ERR_MAX_PARAM_LENGTH";
  // An id that long names no row: not found, as for any other unknown id.
  void reply
    .code(tooLong ? 404 : 400)
    .type("application/json; charset=utf-8")
    .send({ detail: tooLong ? "Not found." : "Malformed URL." });
}

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (a URL or headers over 16 KB,
 * a broken request line, a client that never finishes): answered in the `{detail}` shape.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === "ECONNRESET" || socket.destroyed) return;
  let status = 400;
  let detail = "Bad request.";
  if (err.code === "ERR_HTTP_REQUEST_TIMEOUT") {
    status = 408;
    detail = "The request took too long to arrive.";
  } else if (err.code === "HPE_HEADER_OVERFLOW") {
    status = 431;
    detail = "The request line or headers are too large (16 KB at most).";
  }
  const body = JSON.stringify({ detail });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
