import type { Compilable, CompiledQuery, Kysely, QueryResult } from "kysely";

/** Stands in for a value while the query is compiled: no real value looks like it. */
const standIn = (name: string) => `\u0000${name}`;

/**
 * A query Kysely builds and compiles once per database (or transaction) and then runs with each call's values:
 * for the small queries that every request makes, building and compiling one cost more than the database took to
 * run it. `build` is given a stand-in for each named value, and a compiled parameter that is a stand-in takes the
 * call's value, so each must go to Kysely whole (`.where("id", "=", values.id)`), never worked into another value.
 * A number (a limit, say) is given a stand-in string too, to pass to Kysely as the number it will be.
 */
export function compiledOnce<DB, N extends string, R>(
  names: readonly N[],
  build: (db: Kysely<DB>, values: Readonly<Record<N, string>>) => Compilable<R>,
): (db: Kysely<DB>, values: Readonly<Record<N, unknown>>) => Promise<QueryResult<R>> {
  const compiled = new WeakMap<Kysely<DB>, { query: CompiledQuery<R>; slots: (N | undefined)[] }>();
  const standIns = Object.fromEntries(names.map((name) => [name, standIn(name)])) as Record<N, string>;
  const byStandIn = new Map<unknown, N>(names.map((name) => [standIn(name), name]));
  return async (db, values) => {
    let entry = compiled.get(db);
    if (!entry) {
      const query = build(db, standIns).compile();
      entry = { query, slots: query.parameters.map((parameter) => byStandIn.get(parameter)) };
      compiled.set(db, entry);
    }
    const { query, slots } = entry;
    const parameters = slots.map((slot, i) => (slot === undefined ? query.parameters[i] : values[slot]));
    return db.executeQuery<R>({ ...query, parameters });
  };
}
