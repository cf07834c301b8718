// Validates real responses against the OpenAPI document the service serves (JSON Schema 2020-12).
import assert from 'node:assert/strict';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { FastifyInstance } from 'fastify';

export interface OpenApiChecker {
  doc: Record<string, any>;
  assertConforms(method: string, routePath: string, status: number, body: unknown): void;
  /** Validates a request the service sent: the body of a webhook (the document's `webhooks` section). */
  assertWebhookConforms(name: string, body: unknown): void;
}

export async function openApiChecker(app: FastifyInstance): Promise<OpenApiChecker> {
  const res = await app.inject({ method: 'GET', url: '/openapi.json' });
  assert.equal(res.statusCode, 200);
  const doc = res.json() as Record<string, any>;
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema({ $id: 'openapi.json', components: doc['components'] ?? {} });
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (node && typeof node === 'object') {
      return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `openapi.json${v}` : rewrite(v)]));
    }
    return node;
  };
  const validateWith = (schema: unknown, body: unknown, what: string) => {
    const validate = ajv.compile(rewrite(schema) as object);
    assert.ok(validate(body), `${what} conforms: ${JSON.stringify(validate.errors)}`);
  };
  return {
    doc,
    assertWebhookConforms(name, body) {
      const schema = doc['webhooks']?.[name]?.post?.requestBody?.content?.['application/json']?.schema;
      assert.ok(schema, `OpenAPI documents the webhook ${name}`);
      validateWith(schema, body, `webhook ${name}`);
    },
    assertConforms(method, routePath, status, body) {
      const openapiPath = routePath.replace(/:(\w+)/g, '{$1}');
      const op = doc['paths']?.[openapiPath]?.[method.toLowerCase()];
      assert.ok(op, `OpenAPI documents ${method} ${openapiPath}`);
      const response = op.responses?.[String(status)];
      assert.ok(response, `OpenAPI documents status ${status} for ${method} ${openapiPath}`);
      const content = response.content ?? {};
      const media = content['application/json'] ?? Object.values(content)[0];
      assert.ok(media?.schema, `status ${status} of ${method} ${openapiPath} has a schema`);
      validateWith(media.schema, body, `${method} ${openapiPath} ${status}`);
    },
  };
}
