import { z } from "zod";

/** `{"detail": "..."}`: general errors (401, 403, 404, 429, 5xx). */
export const detailErrorSchema = z.object({ detail: z.string() });
/** `{"field": ["message"], "non_field_errors": [...]}`: validation errors. */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
/** `{"error": "..."}`: where the spec's client reads an `error` field. */
export const errorFieldSchema = z.object({ error: z.string() });

export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

export const PAGE_SIZE = 10;

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
});

export function paginatedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}

export interface Paginated<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export const uuidParamSchema = z.object({ id: z.uuid() });

export const CURRENCIES = ["INR", "USD", "EUR", "GBP"] as const;
export type Currency = (typeof CURRENCIES)[number];
