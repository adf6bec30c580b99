import { Type, type TSchema, type TProperties } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';

// Shared TypeBox pieces for route schemas. Bodies arrive JSON or form-encoded (the client sends
// the spec's POST calls form-encoded), so scalars in forms are strings; Fastify's Ajv coerces
// strings to numbers/booleans where a schema asks for them.

/** The app with TypeBox typing: `typed(app).post('/x/', { schema: { body } }, (req) => req.body…)`. */
export const typed = (app: FastifyInstance) => app.withTypeProvider<TypeBoxTypeProvider>();

/** An object schema that tolerates extra fields (clients send more than a route reads). */
export const Form = <P extends TProperties>(properties: P) =>
  Type.Object(properties, { additionalProperties: true });

/** A bounded string; `max` guards against huge inputs. */
export const Str = (max = 1000, min = 0) => Type.String({ maxLength: max, minLength: min });

/** A required, non-empty string. */
export const NonEmpty = (max = 1000) => Type.String({ minLength: 1, maxLength: max });

/** A numeric id as text (users, posts, comments, locations). */
export const NumericId = Type.String({ pattern: '^[0-9]{1,40}$' });

/** `{ id }` path parameters. */
export const IdParams = Type.Object({ id: NumericId });

/** A 0/1 flag as forms send it ("0", "1", "true", "false", "on"); read it with parseFlag. */
export const FormFlag = Type.Union([
  Type.Boolean(),
  Type.Integer({ minimum: 0, maximum: 1 }),
  Type.String({ maxLength: 5 }),
]);

/** Form flag → boolean: "1", "true", "on" and true are on; everything else is off. */
export function parseFlag(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true' || value === 'on';
}

/** A JSON-encoded object inside a string field (graph query variables, story text data). */
export function parseJsonObject(raw: unknown): Record<string, unknown> | null {
  if (raw === undefined || raw === null || raw === '') return {};
  if (typeof raw !== 'string') return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** Schema of the plain success answer. */
export const OkReply = Type.Object({ status: Type.Literal('ok') });

export type { TSchema };
