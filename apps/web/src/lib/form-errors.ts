import type { FieldPath, FieldValues, UseFormSetError } from "react-hook-form";
import { ApiError } from "./api-client";

/**
 * Puts the field messages of the API's 400 (`{"email": ["..."], "profile.phone_number": [...]}`,
 * see decision 002) on the form's fields with `setError`, and focuses the first of them.
 * Keys the form has no field for (`non_field_errors`, `detail`) are left to the caller's toast.
 *
 * `fields` is either the form's field names in the order they appear (the first invalid one in
 * that order gets the focus), or a function from the server's key to a field name (the focus
 * goes to the first key the server sent). Returns whether any message was placed.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[] | ((serverKey: string) => FieldPath<T> | undefined),
): boolean {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.body || typeof error.body !== "object") return false;
  const placed: [FieldPath<T>, string][] = [];
  if (typeof fields === "function") {
    for (const key of Object.keys(error.body)) {
      const name = fields(key);
      const message = error.field(key);
      if (name && message) placed.push([name, message]);
    }
  } else {
    for (const name of fields) {
      const message = error.field(name);
      if (message) placed.push([name, message]);
    }
  }
  placed.forEach(([name, message], i) => setError(name, { type: "server", message }, { shouldFocus: i === 0 }));
  return placed.length > 0;
}
