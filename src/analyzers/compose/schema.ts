// Validation against the Compose Specification's JSON Schema (vendored, see schema/README.md). Ajv reports
// JSON-pointer paths; they are mapped back onto YAML nodes so each finding points at the offending key or value.
import { Ajv } from 'ajv';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { Report } from '../../core/rule.ts';
import schema from './schema/compose-spec.json' with { type: 'json' };
import { getPair, toPlain } from '../yaml/yaml-tree.ts';
import type { YNode, YPair } from '../yaml/yaml-tree.ts';

let compiled: ValidateFunction | undefined;

/** Compiled on first use (tens of milliseconds), then shared by every analysis in the process. */
function validator(): ValidateFunction {
  // The schema names draft-07 by an `https` URL Ajv does not know, so the meta-schema check is skipped; the
  // schema is a fixed, vendored file. `strict: false` accepts its annotation keywords (`deprecated`).
  compiled ??= new Ajv({ allErrors: true, strict: false, validateSchema: false, allowUnionTypes: true, logger: false }).compile(schema);
  return compiled;
}

interface Located {
  node: YNode;
  /** The pair whose value the node is, when it is a mapping value. */
  pair?: YPair;
  path: string;
}

function locate(root: YNode, pointer: string): Located | undefined {
  let node: YNode = root;
  let pair: YPair | undefined;
  let path = '';
  for (const raw of pointer.split('/').slice(1)) {
    const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node.kind === 'map') {
      pair = getPair(node, seg);
      if (!pair) return undefined;
      node = pair.value;
      path = path === '' ? seg : `${path}.${seg}`;
    } else if (node.kind === 'seq') {
      const item = node.items[Number(seg)];
      if (!item) return undefined;
      node = item;
      pair = undefined;
      path = `${path}[${seg}]`;
    } else {
      return undefined;
    }
  }
  const out: Located = { node, path: path === '' ? 'the file' : path };
  if (pair) out.pair = pair;
  return out;
}

/** A scalar at its value; a collection at its key, so the finding does not cover a whole block. */
function rangeOf(at: Located): Report['range'] {
  return at.node.kind !== 'scalar' && at.pair ? at.pair.keyNode.range : at.node.range;
}

const BRANCHING = new Set(['oneOf', 'anyOf', 'if', 'not']);

/** One finding per offending key, and per other path the most telling error: deeper paths explain shallower ones. */
function pick(errors: ErrorObject[]): ErrorObject[] {
  const unknown = errors.filter((e) => e.keyword === 'additionalProperties');
  const other = errors.filter((e) => e.keyword !== 'additionalProperties');
  const paths = [...new Set(other.map((e) => e.instancePath))];
  // An unknown key explains its own object's failures too (the other `oneOf` branches then fail on type).
  const explained = (p: string): boolean =>
    errors.some((e) => e.instancePath.startsWith(`${p}/`) || (e.keyword === 'additionalProperties' && e.instancePath === p));
  const chosen: ErrorObject[] = [];
  for (const p of paths) {
    if (explained(p)) continue;
    const here = other.filter((e) => e.instancePath === p);
    const types = here.filter((e) => e.keyword === 'type');
    const best = here.find((e) => !BRANCHING.has(e.keyword) && e.keyword !== 'type') ?? types[0] ?? here[0]!;
    if (best.keyword === 'type') {
      const expected = [...new Set(types.flatMap((e) => [(e.params as { type: string | string[] }).type].flat()))];
      chosen.push({ ...best, params: { type: expected } });
    } else {
      chosen.push(best);
    }
  }
  const seen = new Set<string>();
  for (const e of unknown) {
    const key = `${e.instancePath}/${String((e.params as { additionalProperty: string }).additionalProperty)}`;
    if (!seen.has(key)) chosen.push(e);
    seen.add(key);
  }
  return chosen;
}

export function validateSchema(root: YNode): Report[] {
  const validate = validator();
  if (validate(toPlain(root))) return [];
  const reports: Report[] = [];
  for (const e of pick(validate.errors ?? [])) {
    const at = locate(root, e.instancePath);
    if (!at) continue;
    const params = e.params as Record<string, unknown>;
    if (e.keyword === 'additionalProperties') {
      const key = String(params['additionalProperty']);
      const pair = getPair(at.node, key);
      reports.push({ range: pair ? pair.keyNode.range : rangeOf(at), messageId: 'unknownKey', data: { key, path: at.path } });
    } else if (e.keyword === 'type') {
      reports.push({ range: rangeOf(at), messageId: 'type', data: { path: at.path, expected: (params['type'] as string[]).join(' or ') } });
    } else if (e.keyword === 'required') {
      reports.push({ range: rangeOf(at), messageId: 'required', data: { path: at.path, key: String(params['missingProperty']) } });
    } else if (e.keyword === 'enum') {
      reports.push({ range: rangeOf(at), messageId: 'enum', data: { path: at.path, allowed: (params['allowedValues'] as unknown[]).join(', ') } });
    } else if (BRANCHING.has(e.keyword)) {
      reports.push({ range: rangeOf(at), messageId: 'form', data: { path: at.path } });
    } else {
      reports.push({ range: rangeOf(at), data: { path: at.path, detail: e.message ?? e.keyword } });
    }
  }
  return reports;
}
