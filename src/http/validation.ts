// Request validation: one Ajv instance per kind of request part, as Fastify documents it (Validation and
// Serialization: "a custom schema validator for each parameter type", set with setValidatorCompiler).
// - JSON bodies and headers: strict, no coercion — `"5"` is not an integer in a body, `5` is not a string.
// - Query strings and path parameters are text on the wire: their Ajv coerces (`coerceTypes: true`), so a schema
//   declares what a value means (`limit`: an integer from 1 to 100), the handler receives that type, and the
//   OpenAPI document generated from the same schema says so.
// Both know the `x-refusal` annotation (a field's refusal sentence, answered by the error handler, src/http/app.ts).
import { Ajv } from 'ajv';
import type { AnySchemaObject, Options, ValidateFunction } from 'ajv';
import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';

type Compiler = FastifySchemaCompiler<AnySchemaObject>;
/** What a compiler returns: a validating function with its last `errors`. */
type Validator = ReturnType<Compiler>;

/** Fastify's own Ajv options (@fastify/ajv-compiler: defaults filled in, no extra schemas kept, first error only)
 * with the app's choices: nothing removed, no coercion unless the part is text on the wire. */
const STRICT: Options = { coerceTypes: false, useDefaults: true, removeAdditional: false, addUsedSchema: false, allErrors: false, keywords: ['x-refusal'] };
const COERCING: Options = { ...STRICT, coerceTypes: true };

/** The request parts whose values are text on the wire, validated by the coercing instance. */
const TEXT_PARTS = new Set(['querystring', 'params']);

/** How a number is written in a query string or a path: decimal digits, a minus sign before a negative one, and for
 * a `number` a decimal point between digits. Ajv's coercion alone takes any string that Number() reads — ' 5', '5 ',
 * '+5', '5.0', '1.', '1e2', '0x10' (16), '0b11' (3), 'Infinity' (an integer to Ajv) — none of which a client
 * serializing an integer writes: such a value is refused with the error Ajv gives a value of another type, so the
 * field's x-refusal sentence answers (`query.limit must be an integer from 1 to 100`) as for `abc`. Leading zeros
 * spell the same number (`007`). */
const WRITTEN: Record<string, RegExp> = { integer: /^-?[0-9]+$/, number: /^-?[0-9]+(?:\.[0-9]+)?$/ };

type Schema = Record<string, unknown>;

/** The declared types of a property schema, its own and its alternatives' (`anyOf`, `oneOf`, `allOf`). */
function declaredTypes(schema: Schema): unknown[] {
  const alternatives = ['anyOf', 'oneOf', 'allOf'].flatMap((k) => (Array.isArray(schema[k]) ? (schema[k] as Schema[]) : []));
  return [schema['type'], ...alternatives.flatMap(declaredTypes)].flat();
}

/** The top-level fields of a query or params schema that are numbers, with how each must be written. A number
 * declared otherwise than as one `type` (a union, a type list) would reach Ajv's lenient coercion: refused here, when
 * the route is compiled at start-up, rather than accepted quietly. */
function numericFields(schema: AnySchemaObject, httpPart: string): Array<[string, string, RegExp]> {
  const properties = (schema['properties'] ?? {}) as Record<string, Schema>;
  const fields: Array<[string, string, RegExp]> = [];
  for (const [name, property] of Object.entries(properties)) {
    const type = property['type'];
    if (typeof type === 'string' && WRITTEN[type]) fields.push([name, type, WRITTEN[type]]);
    else if (declaredTypes(property).some((t) => typeof t === 'string' && WRITTEN[t])) {
      throw new Error(`${httpPart} field ${name}: declare a number as a single type: integer or number`);
    }
  }
  return fields;
}

/** The coercing validator, refusing first a numeric field whose text is not a number as written above. */
function writtenNumbers(validate: ValidateFunction, fields: Array<[string, string, RegExp]>): Validator {
  if (fields.length === 0) return validate;
  const checked: Validator = (data: unknown) => {
    const values = (data ?? {}) as Record<string, unknown>;
    for (const [name, type, written] of fields) {
      const value = values[name];
      if (typeof value === 'string' && !written.test(value)) {
        const error: FastifySchemaValidationError = { keyword: 'type', instancePath: `/${name}`, schemaPath: `#/properties/${name}/type`, params: { type }, message: `must be ${type}` };
        checked.errors = [error];
        return false;
      }
    }
    const valid = validate(data);
    checked.errors = validate.errors ?? null;
    return valid;
  };
  return checked;
}

/** The validator compiler of the app: `shared` are the schemas added with addSchema, which route schemas reference
 * ($ref); both instances hold them (a custom compiler does not see Fastify's). */
export function requestValidatorCompiler(shared: Record<string, unknown>): Compiler {
  const strict = new Ajv(STRICT);
  const coercing = new Ajv(COERCING);
  for (const schema of Object.values(shared)) {
    strict.addSchema(schema as AnySchemaObject);
    coercing.addSchema(schema as AnySchemaObject);
  }
  const compile = (ajv: Ajv, schema: AnySchemaObject): ValidateFunction => {
    // A shared schema used as a whole part (its $id) is compiled once per instance, as Fastify's compiler does.
    const stored = typeof schema.$id === 'string' ? ajv.getSchema(schema.$id) : undefined;
    return stored ?? ajv.compile(schema);
  };
  return ({ schema, httpPart }) => (httpPart !== undefined && TEXT_PARTS.has(httpPart)
    ? writtenNumbers(compile(coercing, schema), numericFields(schema, httpPart))
    : compile(strict, schema));
}
