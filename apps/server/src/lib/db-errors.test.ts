import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { freshDatabase } from "../test/helpers.ts";
import { isUniqueViolation } from "./db-errors.ts";

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
