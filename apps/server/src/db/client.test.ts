import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { freshDatabase } from "../test/helpers.ts";
import { runMigrations } from "./client.ts";
import { users } from "./schema/index.ts";

describe("migrations", () => {
  it("are idempotent and safe when two instances apply them at once", async () => {
    const database = await freshDatabase();
    await Promise.all([runMigrations(database), runMigrations(database)]);
    await runMigrations(database);
    const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(row?.n).toBe(0);
    await database.close();
  });
});
