import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { freshDatabase } from "../test/helpers.ts";
import { isDatabaseUnavailable, isUniqueViolation } from "./db-errors.ts";

describe("isUniqueViolation", () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => database.close());

  it("recognises a duplicate key however drizzle reports it, and nothing else", async () => {
    const insert = () => database.db.execute(sql`insert into rate_limit_counters (key, count, reset_at) values ('dup', 1, now())`);
    await insert();
    const duplicate = await insert().then(
      () => null,
      (err: unknown) => err,
    );
    expect(isUniqueViolation(duplicate)).toBe(true);
    const otherError = await database.db.execute(sql`insert into rate_limit_counters (key, count, reset_at) values (null, 1, now())`).then(
      () => null,
      (err: unknown) => err,
    );
    expect(otherError).not.toBeNull();
    expect(isUniqueViolation(otherError)).toBe(false);
    expect(isUniqueViolation(new Error("x"))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});

describe("isDatabaseUnavailable", () => {
  it("knows a database going away or out of reach, directly or wrapped by drizzle", () => {
    const shutdown = Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });
    expect(isDatabaseUnavailable(shutdown)).toBe(true);
    expect(isDatabaseUnavailable(new Error("Failed query: select 1", { cause: shutdown }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([Object.assign(new Error("refused"), { code: "ECONNREFUSED" })], "connect failed"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("sorry, too many clients already"), { code: "53300" }))).toBe(true);
  });

  it("leaves a query's own failures alone", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error("syntax error"), { code: "42601" }))).toBe(false);
    expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
