import { dictionary } from "@zxcvbn-ts/language-common";
import { PASSWORD_MIN_LENGTH } from "@atelier/contract";

const COMMON_PASSWORDS = new Set(dictionary["passwords-common"]);

export interface PasswordContext {
  email?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
  username?: string | undefined;
}

/**
 * The one password policy for register, reset and change (DOMAIN.md, Accounts).
 * Returns the messages the UI shows; an empty list means the password is acceptable.
 */
export function checkPassword(password: string, context: PasswordContext = {}): string[] {
  const errors: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) {
    errors.push(`This password is too short. It must contain at least ${PASSWORD_MIN_LENGTH} characters.`);
  }
  if (/^\d+$/.test(password)) errors.push("This password is entirely numeric.");
  if (COMMON_PASSWORDS.has(password.toLowerCase())) errors.push("This password is too common.");
  const similar = similarAttribute(password, context);
  if (similar) errors.push(`The password is too similar to the ${similar}.`);
  return errors;
}

function similarAttribute(password: string, context: PasswordContext): string | null {
  const pw = password.toLowerCase();
  const attributes: [string, string | undefined][] = [
    ["email", context.email],
    ["username", context.username],
    ["first name", context.firstName],
    ["last name", context.lastName],
  ];
  for (const [label, raw] of attributes) {
    if (!raw) continue;
    const value = raw.toLowerCase();
    // The whole value and its parts: the e-mail's local part, its domain, single words.
    const parts = [value, ...value.split(/[^\p{L}\p{N}]+/u)].filter((p) => p.length >= 3);
    for (const part of parts) {
      if (similarity(pw, part) >= 0.7) return label;
      // "annasmith!" against "annasmith": the attribute makes up most of the password.
      if (pw.includes(part) && part.length >= pw.length / 2) return label;
    }
  }
  return null;
}

/** 1 − edit distance / longer length: 1 for equal strings, 0 for nothing in common. */
function similarity(a: string, b: string): number {
  const longer = Math.max(a.length, b.length);
  return longer === 0 ? 1 : 1 - levenshtein(a, b) / longer;
}

function levenshtein(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      cur[j] = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
    }
    prev = cur;
  }
  return prev[b.length] ?? 0;
}
