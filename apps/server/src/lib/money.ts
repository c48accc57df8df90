/**
 * Exact money arithmetic on decimal strings with two places ("1234.50"), through integer
 * cents (BigInt): no floating point ever touches an amount.
 */
export type Cents = bigint;

export function toCents(amount: string): Cents {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!m) throw new Error(`not a decimal amount: ${amount}`);
  const cents = BigInt(m[2] ?? "0") * 100n + BigInt((m[3] ?? "").padEnd(2, "0") || "0");
  return m[1] === "-" ? -cents : cents;
}

export function fromCents(cents: Cents): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? "-" : ""}${(abs / 100n).toString()}.${(abs % 100n).toString().padStart(2, "0")}`;
}

export const sumMoney = (amounts: string[]): string => fromCents(amounts.reduce((sum, a) => sum + toCents(a), 0n));

/** `amount × percent / 100`, rounded half up to the cent; `percent` has at most two decimals. */
export function percentOf(amount: string, percent: number | string): string {
  const basis = BigInt(Math.round(Number(percent) * 100)); // percent in hundredths
  const scaled = toCents(amount) * basis; // cents × hundredths of a percent
  const divisor = 10_000n;
  const rounded = scaled >= 0n ? (scaled + divisor / 2n) / divisor : -((-scaled + divisor / 2n) / divisor);
  return fromCents(rounded);
}

export const subtractMoney = (a: string, b: string): string => fromCents(toCents(a) - toCents(b));
export const isPositive = (a: string): boolean => toCents(a) > 0n;
