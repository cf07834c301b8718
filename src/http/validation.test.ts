// The request validator compiler: strict JSON bodies and headers, coerced query strings and path parameters with
// numbers written in decimal digits only, the x-refusal annotation known to both, shared schemas reachable by $ref.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AnySchemaObject } from 'ajv';
import { requestValidatorCompiler } from './validation.ts';

const SHARED = { Name: { $id: 'Name', type: 'string', minLength: 1 } };
const compiler = requestValidatorCompiler(SHARED);
const schema: AnySchemaObject = {
  type: 'object',
  properties: {
    n: { type: 'integer', minimum: -5, maximum: 100, 'x-refusal': 'must be an integer from -5 to 100' },
    x: { type: 'number' },
    name: { $ref: 'Name#' },
    d: { type: 'integer', default: 20 },
  },
};
const compile = (httpPart: string) => compiler({ schema, httpPart, method: 'GET', url: '/' });

/** The outcome of validating `data` as `httpPart`: the value afterwards, or the first error's path and keyword. */
function outcome(httpPart: string, data: Record<string, unknown>): unknown {
  const validate = compile(httpPart);
  const copy = structuredClone(data);
  const valid = validate(copy);
  if (valid === true) return copy;
  assert.equal(valid, false);
  const [first] = validate.errors ?? [];
  return `${first?.instancePath} ${first?.keyword}`;
}

describe('request validation', () => {
  it('query strings and path parameters: a number written in decimal digits becomes that number', () => {
    for (const part of ['querystring', 'params']) {
      const cases: Array<[Record<string, unknown>, unknown]> = [
        [{ n: '7' }, { n: 7, d: 20 }],
        [{ n: '007' }, { n: 7, d: 20 }],
        [{ n: '-5' }, { n: -5, d: 20 }],
        [{ n: '100', d: '3' }, { n: 100, d: 3 }],
        [{ x: '2.5' }, { x: 2.5, d: 20 }],
        [{ x: '-0.25' }, { x: -0.25, d: 20 }],
        [{ name: 'a' }, { name: 'a', d: 20 }],
        [{}, { d: 20 }],
      ];
      for (const [data, expected] of cases) assert.deepEqual(outcome(part, data), expected, `${part} ${JSON.stringify(data)}`);
    }
  });

  it('query strings and path parameters: any other writing is refused as of the wrong type, before coercion', () => {
    // Ajv's coercion alone takes the first ten as integers (5, 100, 5, 5, 5, 16, 3, 7, Infinity, 1); the rest it refuses too.
    const refused = ['5.0', '1e2', '+5', ' 5', '5 ', '0x10', '0b11', '0o7', 'Infinity', '1.', '', '.5', '٣'];
    for (const part of ['querystring', 'params']) {
      for (const n of refused) assert.equal(outcome(part, { n }), '/n type', `${part} n=${JSON.stringify(n)}`);
      assert.equal(outcome(part, { n: ['1', '2'] }), '/n type', `${part}: a repeated value`);
      for (const x of ['1e2', '0x10', '+1', '1.', '.5', ' 1']) assert.equal(outcome(part, { x }), '/x type', `${part} x=${JSON.stringify(x)}`);
      // Written right, then checked by the schema.
      assert.equal(outcome(part, { n: '101' }), '/n maximum');
      assert.equal(outcome(part, { n: '-6' }), '/n minimum');
      assert.equal(outcome(part, { n: '1.5' }), '/n type');
      assert.equal(outcome(part, { name: '' }), '/name minLength');
    }
  });

  it('JSON bodies and headers are not coerced: a string is not a number, a number is not a string', () => {
    for (const part of ['body', 'headers']) {
      assert.equal(outcome(part, { n: '7' }), '/n type', part);
      assert.equal(outcome(part, { x: '2.5' }), '/x type', part);
      assert.equal(outcome(part, { name: 5 }), '/name type', part);
      assert.deepEqual(outcome(part, { n: 7, x: 2.5, name: 'a' }), { n: 7, x: 2.5, name: 'a', d: 20 }, part);
    }
  });

  it('a number declared as a union in a query or path is refused when the route is compiled', () => {
    for (const n of [{ type: ['integer', 'null'] }, { anyOf: [{ type: 'integer' }, { type: 'string' }] }, { oneOf: [{ type: 'number' }] }]) {
      const union = { type: 'object', properties: { n } };
      assert.throws(() => compiler({ schema: union, httpPart: 'querystring', method: 'GET', url: '/' }), /querystring field n: declare a number as a single type/);
      // A body is not coerced: nothing to refuse.
      assert.equal(typeof compiler({ schema: union, httpPart: 'body', method: 'GET', url: '/' }), 'function');
    }
  });

  it('a shared schema used as a whole part is compiled once per instance', () => {
    const body = compiler({ schema: SHARED.Name, httpPart: 'body', method: 'POST', url: '/a' });
    assert.equal(compiler({ schema: SHARED.Name, httpPart: 'body', method: 'POST', url: '/b' }), body);
    assert.equal(body('x'), true);
    assert.equal(body(''), false);
  });
});
