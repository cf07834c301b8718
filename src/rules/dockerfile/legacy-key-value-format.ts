// CGD136: legacy `ENV key value` / `LABEL key value` (space instead of `=`).
import { instructionsOf } from '../../analyzers/dockerfile/query.ts';
import { buildCheckRef, dockerfileRef } from './support.ts';
import type { DockerfileRule } from './support.ts';
import { dockerfileFix, writtenAs } from './fix.ts';
import type { Fix } from '../../core/fix.ts';
import type { DockerfileDoc, KeyValue } from '../../analyzers/dockerfile/types.ts';

/** `KEY value` → `KEY=value` (a value with blanks in double quotes, which keep it one value and expand as before), when
 * key and value are written in one piece on one line, and a value with blanks holds no quote or backslash. */
function keyEqualsValue(doc: DockerfileDoc, pair: KeyValue): Fix | undefined {
  const value = pair.value!;
  if (!writtenAs(doc, pair.key, pair.key.raw) || !writtenAs(doc, value, value.raw) || value.range.start_line !== pair.key.range.start_line) return undefined;
  if (!/^[ \t]+$/.test(doc.text.slice(pair.key.end, value.start))) return undefined;
  const blank = /\s/.test(value.raw);
  if (blank && /["'\\`]/.test(value.raw)) return undefined;
  return dockerfileFix(doc, 'Write the pair as KEY=value.', blank ? [[pair.key.end, value.start, '="'], [value.end, value.end, '"']] : [[pair.key.end, value.start, '=']]);
}

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD136',
    name: 'legacy-key-value-format',
    target: 'dockerfile',
    title: 'Legacy `KEY value` format in ENV or LABEL',
    description:
      'In the legacy form `ENV KEY value` everything after the first space is one value, so `ENV A 1 B 2` sets ' +
      'A to "1 B 2" rather than two variables — an easy mistake to miss. The form is deprecated and may be ' +
      'removed; `KEY=value` is unambiguous and allows several pairs per instruction.',
    severity: 'low',
    severityContext: [
      'Hygiene: the legacy form works; only `ENV A 1 B 2` is misread, and the form is deprecated (the policy names it).',
    ],
    category: 'maintainability',
    references: [buildCheckRef('legacy-key-value-format'), dockerfileRef('#env')],
    remediation: 'Use `KEY=value`, quoting values with spaces: `ENV APP_HOME="/opt/my app"`.',
    equivalents: ['buildkit:LegacyKeyValueFormat'],
    tags: ['hygiene'],
    messages: { default: '"{{kind}} {{key}} value" is the legacy format; write `{{kind}} {{key}}=…`.' },
    examples: {
      bad: ['FROM alpine:3.20\nENV APP_HOME /app\n'],
      good: ['FROM alpine:3.20\nENV APP_HOME=/app\n'],
    },
  },
  check(doc, report) {
    for (const top of instructionsOf(doc, ['ENV', 'LABEL'], true)) {
      const instr = top.onbuild ?? top;
      if (instr.kind !== 'ENV' && instr.kind !== 'LABEL') continue;
      for (const pair of instr.pairs) {
        // In the `=` form the value starts right after the key and its `=`.
        if (pair.value && doc.text[pair.key.end] !== '=') report({ range: pair.range, data: { kind: instr.kind, key: pair.key.value }, fix: keyEqualsValue(doc, pair) });
      }
    }
  },
};
