import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPreparedReads } from "./pglite-statements.ts";

describe("PGlite prepared reads", () => {
  let client: PGlite;
  beforeAll(async () => {
    client = new PGlite();
    await client.exec(`create table t (id uuid primary key, n int not null, label text, at timestamptz not null default now());
      insert into t values ('00000000-0000-4000-8000-000000000001', 1, 'one'), ('00000000-0000-4000-8000-000000000002', 2, null), ('00000000-0000-4000-8000-000000000003', 3, 'it''s three')`);
  });
  afterAll(() => client.close());

  const array = { rowMode: "array" as const };

  it("answers exactly what query() answers, call after call, with arrays, nulls and quotes in the values", async () => {
    const reads = createPreparedReads(client);
    const sql = "select id, n, label from t where id = any($1) and n >= $2 order by n";
    const params = [["00000000-0000-4000-8000-000000000002", "00000000-0000-4000-8000-000000000003"], 2];
    expect(reads.accepts(sql, array)).toBe(true);
    const expected = await client.query(sql, params, array);
    for (let i = 0; i < 8; i++) {
      const got = await reads.run(sql, params, array);
      expect(got.rows).toEqual(expected.rows);
      expect(got.fields).toEqual(expected.fields);
    }
    expect((await reads.run("select label from t where label = $1", ["it's three"], array)).rows).toEqual([["it's three"]]);
  });

  it("takes only selects in array row mode, on an open client", async () => {
    const closed = new PGlite();
    await closed.waitReady;
    await closed.close();
    expect(createPreparedReads(closed).accepts("select 1", array)).toBe(false);
    const reads = createPreparedReads(client);
    expect(reads.accepts("update t set n = 1", array)).toBe(false);
    expect(reads.accepts("select 1", undefined)).toBe(false);
    expect(reads.accepts("select 1", { rowMode: "object" })).toBe(false);
  });

  it("reports PostgreSQL's errors as query() does and stays usable after them", async () => {
    const reads = createPreparedReads(client);
    const sql = "select n from t where id = $1";
    await expect(reads.run(sql, ["not-a-uuid"], array)).rejects.toMatchObject({ code: "22P02" });
    expect((await reads.run(sql, ["00000000-0000-4000-8000-000000000001"], array)).rows).toEqual([[1]]);
    await expect(reads.run("select nope from t", [], array)).rejects.toMatchObject({ code: "42703" });
    expect(reads.accepts("select nope from t", array)).toBe(false);
    expect((await client.query("select count(*)::int from t", [], array)).rows).toEqual([[3]]);
  });

  it("waits for an open transaction instead of reading inside it", async () => {
    const reads = createPreparedReads(client);
    let release!: () => void;
    let started!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const inside = new Promise<void>((r) => (started = r));
    const tx = client.transaction(async (t) => {
      await t.query("update t set n = 10 where n = 1");
      started();
      await held;
    });
    await inside;
    let answered = false;
    const read = reads.run("select n from t where label = $1", ["one"], array).finally(() => (answered = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(answered).toBe(false);
    release();
    await tx;
    expect((await read).rows).toEqual([[10]]);
  });
});
