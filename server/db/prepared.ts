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
 * list's length or on a boolean is fine (each is its own shape); computing with a value, or
 * comparing it, is not. The stand-ins are opaque objects: arithmetic, string methods or a template
 * string on one throw, and `sql.lit` refuses one. A comparison (`p.kind === 'all'`) or a truthiness
 * test of a string or number cannot be caught, so do those outside `build` and pass the result as
 * a boolean. Each shape's first compile is checked: it is compiled twice with different stand-ins,
 * and the SQL and every other parameter must not change, or the call throws.
 */

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
/** A longer list (someone with hundreds of blocks) is built each time rather than kept as a shape. */
const MAX_KEPT_LIST = 200;

/** A value a stand-in can take the place of: a string, number or bigint (null and booleans are shapes). */
const isScalar = (v: unknown) =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'bigint';

/** The shape key, or null when a list is too long to keep a shape for. */
function shapeOf(name: string, params: Params): string | null {
  let shape = '';
  for (const key of Object.keys(params).sort()) {
    const v = params[key];
    const ok = Array.isArray(v)
      ? v.every(isScalar)
      : v == null || typeof v === 'boolean' || isScalar(v);
    // An object's fields would reach the build as undefined in both compiles: refused.
    if (!ok) {
      throw new Error(
        `prepared query ${name}: parameter ${key} is not a value or a list of values`,
      );
    }
    if (Array.isArray(v) && v.length > MAX_KEPT_LIST) return null;
    shape += `${key}:${
      Array.isArray(v) ? `a${v.length}` : v == null ? 'n' : typeof v === 'boolean' ? v : 'v'
    };`;
  }
  return shape;
}

/** Stands in for one parameter value while a shape is compiled; any use as a primitive throws. */
class StandIn {
  constructor(readonly slot: ParamSlot) {}
  [Symbol.toPrimitive](): never {
    throw new Error(`parameter ${this.slot.key} was computed with in build`);
  }
}

/** The params with each value (each list element) replaced by a stand-in, and those stand-ins. */
function standIns(params: Params): { values: Params; made: Set<StandIn> } {
  const values: Params = {};
  const made = new Set<StandIn>();
  const make = (key: string, index: number | null) => {
    const standIn = new StandIn({ key, index });
    made.add(standIn);
    return standIn;
  };
  for (const [key, v] of Object.entries(params)) {
    values[key] = Array.isArray(v)
      ? v.map((_, i) => make(key, i))
      : v == null || typeof v === 'boolean'
        ? v
        : make(key, null);
  }
  return { values, made };
}

function compileTemplate(name: string, compile: (p: Params) => CompiledQuery, params: Params) {
  const fail = (why: string): never => {
    throw new Error(`prepared query ${name}: ${why} (build may only pass parameters as values)`);
  };
  const first = standIns(params);
  const second = standIns(params);
  let a: CompiledQuery;
  let b: CompiledQuery;
  try {
    a = compile(first.values);
    b = compile(second.values);
  } catch (error) {
    return fail(String(error instanceof Error ? error.message : error));
  }
  if (a.sql !== b.sql || a.parameters.length !== b.parameters.length) {
    fail('its SQL depends on parameter values');
  }
  const slots = a.parameters.map((value, i): Slot => {
    const other = b.parameters[i];
    if (value instanceof StandIn || other instanceof StandIn) {
      const same =
        value instanceof StandIn &&
        other instanceof StandIn &&
        first.made.has(value) &&
        second.made.has(other) &&
        value.slot.key === other.slot.key &&
        value.slot.index === other.slot.index;
      return same ? value.slot : fail('parameters moved');
    }
    const derived = Number.isNaN(value as number) || (typeof value === 'object' && value !== null);
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
    if (shape === null) {
      return (await db.executeQuery(build(db, params).compile())).rows as InferResult<Q>;
    }
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
