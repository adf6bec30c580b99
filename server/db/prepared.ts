import { CompiledQuery, type Compilable, type InferResult } from 'kysely';
import { isPostgres, type DB } from './database.ts';

/**
 * Queries built once per shape instead of on every request.
 *
 * Kysely parses every `.select()`/`.where()` and compiles the whole tree to SQL each time a query
 * runs; on a feed page (about fifteen statements, one a UNION of a dozen arms) that cost as much
 * JavaScript as SQLite spent running them. A prepared query is built and compiled once for each
 * shape of its parameters — which are null, how long each list is, the value of each boolean —
 * with stand-in values, and each later call only puts its values in the stand-ins' places.
 *
 * The rule for `build`: use the parameters only as values handed to Kysely (`where(col, '=', p.x)`,
 * `'in', p.ids`, `limit(p.n)`, `` sql`${p.x}` ``). Branching on whether a value is null, on a
 * list's length or on a boolean is fine (each is its own shape); computing with a value is not.
 * The first compile of each shape is checked: it is compiled twice with different stand-ins, and
 * the SQL and every other parameter must not change and no stand-in may appear outside the
 * parameters, or the call throws (a bug in `build`, which every test of the query would show).
 */

/** Never in a real value: requests holding U+0000 are refused before any route runs. */
const STAND_IN = '\u0000p';

type Params = Record<string, unknown>;

/** Where each compiled parameter comes from: a constant, or the value at params[key][index]. */
type ParamSlot = { key: string; index: number | null };
type Slot = { constant: unknown } | ParamSlot;

interface Template {
  sql: string;
  slots: Slot[];
}

/** Shapes kept per query and database kind; more are rebuilt (least recently used go first). */
const MAX_SHAPES = 256;

/** A value a stand-in can take the place of: a string, number or bigint (null and booleans are shapes). */
const isScalar = (v: unknown) =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'bigint';

function shapeOf(name: string, params: Params): string {
  let shape = '';
  for (const key of Object.keys(params).sort()) {
    const v = params[key];
    const ok = Array.isArray(v)
      ? v.every(isScalar)
      : v == null || typeof v === 'boolean' || isScalar(v);
    // An object's fields would reach the build as undefined in both compiles: refused.
    if (!ok)
      throw new Error(
        `prepared query ${name}: parameter ${key} is not a value or a list of values`,
      );
    shape += `${key}:${
      Array.isArray(v) ? `a${v.length}` : v == null ? 'n' : typeof v === 'boolean' ? v : 'v'
    };`;
  }
  return shape;
}

/** The params with each value (each list element) replaced by a stand-in of this generation. */
function standIns(params: Params, generation: number): Params {
  const out: Params = {};
  for (const [key, v] of Object.entries(params)) {
    const tag = `${STAND_IN}${generation}:${key}`;
    out[key] = Array.isArray(v)
      ? v.map((_, i) => `${tag}:${i}`)
      : v == null || typeof v === 'boolean'
        ? v
        : tag;
  }
  return out;
}

/** The parameter a stand-in of this generation stands for; null for anything else. */
function slotOf(value: unknown, generation: number, params: Params): ParamSlot | null {
  if (typeof value !== 'string' || !value.startsWith(`${STAND_IN}${generation}:`)) return null;
  const [, key, index] = value.slice(STAND_IN.length).split(':');
  const v = Object.hasOwn(params, key) ? params[key] : undefined;
  const slot = { key, index: index === undefined ? null : Number(index) };
  // Exactly a stand-in made by standIns (not one with something appended by the build).
  const made = standIns({ [key]: v }, generation)[key];
  const expected = slot.index === null ? made : Array.isArray(made) ? made[slot.index] : undefined;
  return expected === value ? slot : null;
}

function compileTemplate(name: string, compile: (p: Params) => CompiledQuery, params: Params) {
  const a = compile(standIns(params, 1));
  const b = compile(standIns(params, 2));
  const fail = (why: string) => {
    throw new Error(`prepared query ${name}: ${why} (build may only pass parameters as values)`);
  };
  if (a.sql !== b.sql || a.parameters.length !== b.parameters.length) {
    fail('its SQL depends on parameter values');
  }
  if (a.sql.includes(STAND_IN)) fail('a parameter was written into the SQL');
  const slots = a.parameters.map((value, i): Slot => {
    const slot = slotOf(value, 1, params);
    const other = b.parameters[i];
    if (slot) {
      const twin = slotOf(other, 2, params);
      if (!twin || twin.key !== slot.key || twin.index !== slot.index) fail('parameters moved');
      return slot;
    }
    const derived =
      (typeof value === 'string' && value.includes(STAND_IN)) || Number.isNaN(value as number);
    if (derived || !Object.is(value, other)) fail('a constant was computed from a parameter');
    return { constant: value };
  });
  return { sql: a.sql, slots };
}

/**
 * A query built once per parameter shape (see above). `build` returns the Kysely query for the
 * parameters; the result runs it on `db` (a Kysely instance or a transaction) and returns its rows.
 */
export function prepared<P extends Params, Q extends Compilable<unknown>>(
  name: string,
  build: (db: DB, p: P) => Q,
): (db: DB, params: P) => Promise<InferResult<Q>> {
  const templates = [new Map<string, Template>(), new Map<string, Template>()];
  return async (db, params) => {
    const kept = templates[isPostgres(db) ? 1 : 0];
    const shape = shapeOf(name, params);
    let template = kept.get(shape);
    if (template) {
      kept.delete(shape);
    } else {
      template = compileTemplate(name, (p) => build(db, p as P).compile(), params);
      if (kept.size >= MAX_SHAPES) kept.delete(kept.keys().next().value!);
    }
    kept.set(shape, template);
    const parameters = template.slots.map((slot) => {
      if ('constant' in slot) return slot.constant;
      const v = params[slot.key];
      return slot.index === null ? v : (v as unknown[])[slot.index];
    });
    const result = await db.executeQuery(CompiledQuery.raw(template.sql, parameters));
    return result.rows as InferResult<Q>;
  };
}
