// Validation against the SARIF 2.1.0 JSON schema. sarif-schema-2.1.0.json is vendored unchanged from the npm
// package @microsoft/sarif-multitool-linux 5.7.0 (file `sarif-2.1.0.json`, MIT), the schema Microsoft's
// SARIF validator uses: the OASIS 2.1.0 schema, declared as JSON Schema 2020-12. No npm package ships the
// OASIS file itself; the multitool's copy is in its platform's package only (sarif-multitool.ts runs the tool).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';

const schema = JSON.parse(readFileSync(new URL('./sarif-schema-2.1.0.json', import.meta.url), 'utf8')) as object;

const canParse = (value: string, base?: string) => URL.canParse(value, base);
const ajv = new Ajv2020({ strict: false, allErrors: true });
// The schema's formats, checked rather than ignored: a bad artifact URI is what platforms reject first.
ajv.addFormat('uri', (v: string) => canParse(v));
ajv.addFormat('uri-reference', (v: string) => canParse(v, 'file:///base/') && !/[\s\\]/.test(v));
ajv.addFormat('date-time', (v: string) => !Number.isNaN(Date.parse(v)) && /^\d{4}-\d{2}-\d{2}T/.test(v));
ajv.addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
const validate = ajv.compile(schema);

export function assertValidSarif(log: unknown): void {
  assert.ok(validate(log), `SARIF 2.1.0 schema: ${JSON.stringify(validate.errors?.slice(0, 5), null, 1)}`);
}
