/**
 * How the app's PGlite client is driven: drizzle's parsers set once (`tunedForDrizzle`), and
 * named prepared statements for reads (`createPreparedReads`).
 *
 * Named prepared statements for PGlite. PGlite's `query()` sends every statement unnamed (parse,
 * describe, bind, describe, execute), so PostgreSQL parses and plans it again each time; in
 * WebAssembly that is most of a small read's cost (EXPLAIN of the sign-in token lookup costs as
 * much as running it). Here a read that drizzle sends in array row mode (every select it builds)
 * is parsed once as a named statement, and each later call only binds and executes it, through
 * PGlite's public protocol API and its own locks, parsers and serializers.
 *
 * Only reads outside transactions take this path (a transaction's statements go through PGlite
 * as before); a statement PostgreSQL refuses to prepare is remembered and sent the usual way.
 */
import { parse as pgParse, protocol, types, type PGlite, type QueryOptions, type Results, type Transaction } from "@electric-sql/pglite";

const { serialize } = protocol;

/** More distinct statements than this are not prepared (a search builds one per number of terms). */
const MAX_STATEMENTS = 500;

/** Statement names are the session's: unique across every reader made on any client of this process. */
let counter = 0;

interface Statement {
  name: string;
  paramTypes: number[];
}

export interface PreparedReads {
  /** Whether this statement goes through a named statement. */
  accepts(text: string, options: QueryOptions | undefined): boolean;
  run<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>>;
}

export function createPreparedReads(client: PGlite): PreparedReads {
  const statements = new Map<string, Statement>();
  const refused = new Set<string>();
  const send = (message: Uint8Array) => client.execProtocolStream(message, { syncToFs: false });

  async function prepare(text: string): Promise<Statement> {
    const name = `atelier_${++counter}`;
    await send(serialize.parse({ name, text, types: [] }));
    const described = await send(serialize.describe({ type: "S", name }));
    const statement = { name, paramTypes: pgParse.parseDescribeStatementResults(described) };
    statements.set(text, statement);
    return statement;
  }

  return {
    accepts: (text, options) =>
      // A closed or not yet ready client answers through query(), with PGlite's own error.
      client.ready &&
      !client.closed &&
      options?.rowMode === "array" &&
      !options.blob &&
      !options.paramTypes &&
      !refused.has(text) &&
      (statements.has(text) || statements.size < MAX_STATEMENTS) &&
      /^\s*select\b/i.test(text),

    run: (text, params, options) =>
      // The same locks as `query()`: after any open transaction, one statement at a time.
      client._runExclusiveTransaction(() =>
        client._runExclusiveQuery(async () => {
          const messages = [];
          let statement = statements.get(text);
          try {
            if (!statement) {
              try {
                statement = await prepare(text);
              } catch (err) {
                refused.add(text);
                throw err;
              }
            }
            const types = statement.paramTypes;
            const values = params.map((value, i) => {
              if (value === null || value === undefined) return null;
              const serializer = options?.serializers?.[types[i] ?? 0] ?? client.serializers[types[i] ?? 0];
              if (serializer) return serializer(value);
              if (typeof value === "string") return value;
              if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") return value.toString();
              return JSON.stringify(value);
            });
            messages.push(...(await send(serialize.bind({ statement: statement.name, values }))));
            messages.push(...(await send(serialize.describe({ type: "P" }))));
            messages.push(...(await send(serialize.execute({}))));
          } finally {
            messages.push(...(await send(serialize.sync())));
          }
          const [result] = pgParse.parseResults(messages, client.parsers, options);
          return (result ?? { rows: [], fields: [], affectedRows: 0 }) as Results<never>;
        }),
      ),
  };
}

/**
 * Drizzle hands PGlite its own parsers on every query (timestamps, dates and intervals read as
 * text), and PGlite then copies its whole parser table (some 200 entries, one per array type) into
 * a new object per query: about a tenth of a small request's CPU. The same parsers are set on the
 * client once instead, and the per-query copy is skipped; the values read are the same. Reads
 * outside transactions run as the named prepared statements above.
 */
export function tunedForDrizzle(client: PGlite): PGlite {
  const drizzleParsers = Object.fromEntries(DRIZZLE_TEXT_TYPES.map((oid) => [oid, identity]));
  Object.assign(client.parsers, drizzleParsers);
  const strip = (options?: QueryOptions): QueryOptions | undefined => {
    if (!options?.parsers) return options;
    const { parsers, ...rest } = options;
    // Only drizzle's identity parsers may be dropped; anything else is passed on as given.
    return Object.keys(parsers).every((k) => k in drizzleParsers) ? rest : options;
  };
  const query = client.query.bind(client);
  const prepared = createPreparedReads(client);
  client.query = (q, params, options) => {
    const opts = strip(options);
    return prepared.accepts(q, opts) ? prepared.run(q, params ?? [], opts) : query(q, params, opts);
  };
  const transaction = client.transaction.bind(client);
  client.transaction = (callback) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      return callback(
        Object.assign(Object.create(tx) as Transaction, {
          query: ((q, params, options) => txQuery(q, params, strip(options))) as Transaction["query"],
        }),
      );
    });
  return client;
}
const identity = (value: string) => value;
/** The types drizzle reads as text (its pglite session's parsers): timestamp, timestamptz, interval, date, and numeric[], timestamp[], timestamptz[], interval[], date[]. */
const DRIZZLE_TEXT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];
