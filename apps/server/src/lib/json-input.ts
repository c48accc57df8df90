/**
 * Every JSON the API reads (request bodies, the multipart `data` field) and every query string
 * and path parameter goes through here, so each route, old or new, gets the same guards:
 * - nesting is bounded before parsing, so a 5 000-deep body never reaches a recursive validator;
 * - `__proto__` and `constructor.prototype` keys are refused by name;
 * - NUL characters are stripped from every string: PostgreSQL text cannot hold them and they
 *   carry no meaning in a form;
 * - a lone UTF-16 surrogate (`"x\ud800y"` is valid JSON) becomes U+FFFD in every string and key:
 *   it cannot be encoded as UTF-8, so the database, a PDF or an e-mail would fail on it later.
 */
import { BadRequestError } from "./errors.ts";

/** Deeper than any form of the contract (a design is about four levels). */
export const MAX_JSON_DEPTH = 32;

export const DEPTH_MESSAGE = `The JSON is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`;
export const PROTO_MESSAGE = 'The JSON holds a forbidden key ("__proto__" or "constructor.prototype").';
export const INVALID_JSON_MESSAGE = "JSON parse error - the request body is not valid JSON.";

/** Why a JSON text cannot be taken; `message` is meant for the client. */
export class JsonInputError extends BadRequestError {}

/** The deepest nesting of arrays and objects in a JSON text, counted without parsing (stops past `max`). */
export function jsonTextExceedsDepth(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > max) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) depth--;
  }
  return false;
}

/** The same bound for a value that something else already parsed (a multipart JSON part). */
export function valueExceedsDepth(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const walk = (v: unknown, depth: number): boolean => {
    if (v === null || typeof v !== "object") return false;
    if (depth >= max) return true;
    return Object.values(v).some((child) => walk(child, depth + 1));
  };
  return walk(value, 0);
}

/** A lone high surrogate (no low one after it) or a lone low surrogate (no high one before it). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const HAS_LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A string without NUL characters and with every lone surrogate replaced by U+FFFD. */
export function cleanString(value: string): string {
  const text = value.includes("\0") ? value.replaceAll("\0", "") : value;
  return HAS_LONE_SURROGATE.test(text) ? text.replace(LONE_SURROGATE, "\uFFFD") : text;
}

function reviver(key: string, value: unknown): unknown {
  if (key === "__proto__") throw new JsonInputError(PROTO_MESSAGE);
  if (key === "constructor" && value !== null && typeof value === "object" && Object.hasOwn(value, "prototype")) {
    throw new JsonInputError(PROTO_MESSAGE);
  }
  if (typeof value === "string") return cleanString(value);
  // Keys too: a field error names the key it refuses, and the answer must be encodable.
  if (value !== null && typeof value === "object" && !Array.isArray(value) && Object.keys(value).some((k) => cleanString(k) !== k)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [cleanString(k), v]));
  }
  return value;
}

/** Parses a JSON text under the guards above; throws {@link JsonInputError} with the reason. */
export function parseJsonText(text: string, invalidMessage = INVALID_JSON_MESSAGE): unknown {
  if (jsonTextExceedsDepth(text)) throw new JsonInputError(DEPTH_MESSAGE);
  try {
    return JSON.parse(text, reviver);
  } catch (err) {
    if (err instanceof JsonInputError) throw err;
    throw new JsonInputError(invalidMessage);
  }
}

/** Every string of a value (keys included) through {@link cleanString}; other values as they are. */
export function cleanStrings<T>(value: T): T {
  if (typeof value === "string") return cleanString(value) as T;
  if (Array.isArray(value)) return value.map(cleanStrings) as T;
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [cleanString(k), cleanStrings(v)])) as T;
  }
  return value;
}
