import type { FieldErrors } from "@atelier/contract";

/** What a zod issue says and where: a `ZodError`'s issues, or validation errors rebuilt from a path. */
export interface FieldIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/**
 * zod issues as the API's field arrays: `{"name": ["Design name is required."], "stones.0.quantity": [...]}`.
 * An issue about the whole value goes under `root` (`non_field_errors` for a JSON body; a multipart
 * form names its JSON field). Each message is listed once per field.
 */
export function fieldErrorsFromZod(
  error: { readonly issues: readonly FieldIssue[] } | readonly FieldIssue[],
  root = "non_field_errors",
): FieldErrors {
  const issues = "issues" in error ? error.issues : error;
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || root;
    const list = (fields[key] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return fields;
}

/** A Fastify validation error's JSON pointer (`/stones/0/quantity`) as a zod path. */
export function pathOfPointer(instancePath: string): string[] {
  return instancePath.split("/").filter((part) => part !== "");
}
