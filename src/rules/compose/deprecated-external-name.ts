// CGC052: `external: {name: x}` of a top-level network, volume, secret or config.
import { isInterpolated } from '../../analyzers/compose/interpolation.ts';
import { getPair } from '../../analyzers/yaml/yaml-tree.ts';
import type { YMap, YPair, YScalar } from '../../analyzers/yaml/yaml-tree.ts';
import type { Fix } from '../../core/fix.ts';
import { specUrl } from './support.ts';
import type { ComposeRule } from './support.ts';
import { blockKeyColumn, yamlFix } from '../yaml-fix.ts';

const SECTIONS = ['networks', 'volumes', 'secrets', 'configs'] as const;

export const rule: ComposeRule = {
  meta: {
    id: 'CGC052',
    name: 'deprecated-external-name',
    target: 'compose',
    title: 'Deprecated external.name',
    description:
      'Naming an external network, volume, secret or config with `external: {name: x}` is deprecated: the ' +
      'Compose Specification marks `external.name` so, and Docker Compose warns "external.name is deprecated. ' +
      'Please set name and external: true". The successor says the same thing: `name: x` on the resource and ' +
      '`external: true`. When the resource also has a `name` that differs, Compose refuses the file ("name and ' +
      'external.name conflict").',
    severity: 'info',
    severityContext: [
      'Deprecated but working: Compose reads it as `name` with `external: true` and warns.',
      'High when the resource also has a different `name`: Compose refuses the file, so nothing starts.',
    ],
    category: 'maintainability',
    references: [specUrl('networks#external'), specUrl('volumes#external'), specUrl('secrets'), specUrl('configs')],
    remediation: 'Write `external: true` and move the name to the resource: `name: x` next to it. With a `name` already there, keep the one that names the existing resource and drop the other.',
    equivalents: [],
    tags: ['hygiene'],
    messages: {
      default: '{{section}}.{{resource}}: external.name is deprecated; set name: {{name}} with external: true.',
      conflict: '{{section}}.{{resource}}: name and external.name differ ("{{name}}" and "{{external}}"); Compose refuses the file.',
      named: '{{section}}.{{resource}}: external.name is deprecated, and Compose refuses the file unless it equals name once variables are set; keep one name and write external: true.',
    },
    examples: {
      bad: ['services:\n  web:\n    image: nginx:1.27\n    networks: [proxy]\nnetworks:\n  proxy:\n    external:\n      name: traefik_proxy\n'],
      good: ['services:\n  web:\n    image: nginx:1.27\n    networks: [proxy]\nnetworks:\n  proxy:\n    name: traefik_proxy\n    external: true\n'],
    },
  },
  check(doc, report) {
    const text = doc.pos.text;
    const seen = new Set<YPair>();
    for (const section of SECTIONS) {
      const pair = doc[section].pair;
      if (pair?.value.kind !== 'map') continue;
      for (const res of pair.value.pairs) {
        if (res.value.kind !== 'map') continue;
        const external = getPair(res.value, 'external');
        if (external?.value.kind !== 'map' || seen.has(external)) continue;
        seen.add(external);
        const extName = getPair(external.value, 'name');
        if (!extName || extName.value.kind !== 'scalar' || typeof extName.value.value !== 'string') continue;
        const written = extName.value.value;
        const name = getPair(res.value, 'name');
        const own = name?.value.kind === 'scalar' && name.value.value !== null ? String(name.value.value) : undefined;
        const data = { section, resource: res.key, name: written };
        if (name && own !== written) {
          // Compose compares the values after interpolation: a variable on either side may make them equal.
          if (own !== undefined && !isInterpolated(own) && !isInterpolated(written)) {
            report({ range: extName.keyNode.range, messageId: 'conflict', severity: 'high', data: { ...data, name: own, external: written } });
          } else {
            report({ range: extName.keyNode.range, messageId: 'named', data });
          }
          continue;
        }
        report({ range: extName.keyNode.range, data, fix: externalTrue(text, res.value, external, external.value, extName.value, name === undefined) });
      }
    }
  },
};

/** `external: true`, and the name moved to the resource as written (quotes and all) on the line after it, when the
 * external mapping holds only `name` and is written where the resource is, in block style or as a one-line flow
 * mapping. Comments on the `external:` and `name:` lines stay on the lines that replace them. */
function externalTrue(text: string, resource: YMap, external: YPair, map: YMap, name: YScalar, addName: boolean): Fix | undefined {
  // A resource written as a flow mapping (`proxy: {` over several lines): a line added inside its braces would need a
  // comma. Only the external mapping itself may be flow, on one line.
  if (map.pairs.length !== 1 || text[resource.start] === '{') return undefined;
  // A key merged in (`<<: *base`) or written in a flow mapping is not the resource's own line.
  if (external.keyNode.start < resource.start || external.keyNode.start >= resource.end) return undefined;
  const column = blockKeyColumn(text, external.keyNode.start);
  if (column === undefined || text.slice(external.keyNode.start - column, external.keyNode.start).includes('-')) return undefined;
  const nameKey = map.pairs[0]!.keyNode;
  const value = text.slice(name.start, name.end);
  if (value.includes('\n') || nameKey.quoted || text.slice(nameKey.start, nameKey.end) !== 'name') return undefined;
  if (!/^[ ]*:[ ]*$/.test(text.slice(nameKey.end, name.start))) return undefined;
  const lineEnd = text.indexOf('\n', name.end);
  const end = lineEnd === -1 ? text.length : lineEnd > 0 && text[lineEnd - 1] === '\r' ? lineEnd - 1 : lineEnd;
  const newline = lineEnd > 0 && text[lineEnd - 1] === '\r' ? '\r\n' : '\n';
  const head = text.slice(external.keyNode.end, nameKey.start);
  const tail = text.slice(name.end, end);
  const block = /^[ ]*:([ ]+#[^\r\n]*)?[ ]*\r?\n(?:[ ]*\r?\n)*[ ]*$/.exec(head);
  const flow = block ? undefined : /^[ ]*:[ ]*\{[ ]*$/.exec(head);
  const after = block ? /^([ ]+#.*)?[ ]*$/.exec(tail) : flow ? /^[ ]*\}([ ]+#.*)?[ ]*$/.exec(tail) : null;
  if (!after) return undefined;
  const headComment = block?.[1] ?? '';
  const tailComment = after[1] ?? '';
  const replacement = addName
    ? `: true${headComment}${newline}${' '.repeat(column)}name: ${value}${tailComment}`
    : `: true${headComment}${tailComment}`;
  return yamlFix(text, addName ? 'Write external: true and name the resource with the external name.' : 'Write external: true (the resource\'s name is the same).', [[external.keyNode.end, end, replacement]]);
}
