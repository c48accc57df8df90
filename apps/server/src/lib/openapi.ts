import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { z } from "zod";
import { IDEMPOTENCY_HEADER, idempotencyKeyDoc } from "./idempotency.ts";

/**
 * The body of a route that reads it itself (a multipart stream, a hand-parsed form), described for
 * the OpenAPI document only: content type → zod schema. Fastify does not validate it (the route
 * does, with the same contract schemas); `openApiTransform` puts it in the document.
 */
export function documentedBody(content: Record<string, z.ZodType>): { "x-documented-body": Record<string, z.ZodType> } {
  return { "x-documented-body": content };
}

/** A file part of a multipart body. */
export const filePart = z.string().meta({ format: "binary" });

/** A multipart field holding JSON text of `schema`. */
export const jsonTextPart = (what: string) => z.string().meta({ description: `JSON text: ${what}` });

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** fastify-type-provider-zod's transform, plus the bodies routes document with `documentedBody` and the `Idempotency-Key` header. */
export function openApiTransform(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  return withIdempotencyKey(input, documentBodies(input));
}

/** Routes that take `Idempotency-Key` (lib/idempotency.ts) list it among their header parameters. */
function withIdempotencyKey(input: TransformInput, out: ReturnType<typeof jsonSchemaTransform>): ReturnType<typeof jsonSchemaTransform> {
  const methods = [input.route.method].flat();
  const doc = methods.map((m) => idempotencyKeyDoc(m, input.url)).find((d) => d !== null);
  if (!doc) return out;
  const schema = out.schema as Record<string, unknown>;
  const headers = (schema.headers as { type?: string; properties?: Record<string, unknown> } | undefined) ?? { type: "object" };
  return { ...out, schema: { ...schema, headers: { ...headers, properties: { ...headers.properties, [IDEMPOTENCY_HEADER]: doc } } } };
}

function documentBodies(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const schema = input.schema as (Record<string, unknown> & { "x-documented-body"?: Record<string, z.ZodType> }) | undefined;
  const documented = schema?.["x-documented-body"];
  if (!schema || !documented) return jsonSchemaTransform(input);
  const { "x-documented-body": _documented, ...rest } = schema;
  const out = jsonSchemaTransform({ ...input, schema: rest });
  const content: Record<string, { schema: unknown }> = {};
  for (const [type, body] of Object.entries(documented)) {
    content[type] = { schema: (jsonSchemaTransform({ ...input, schema: { body } }).schema as { body: unknown }).body };
  }
  return { ...out, schema: { ...out.schema, body: { content } } };
}
