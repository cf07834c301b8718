// CGD011: `FROM … AS …` keyword casing should match.
import { buildCheckRef } from './support.ts';
import type { DockerfileRule } from './support.ts';
import { replaceWord } from './fix.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD011',
    name: 'from-as-casing',
    target: 'dockerfile',
    title: 'AS keyword casing differs from FROM',
    description: '`FROM` and `AS` should share their casing (`FROM … AS …` or `from … as …`); mixed casing is a readability slip Docker warns about.',
    severity: 'info',
    severityContext: [
      'Style only: the keyword casing changes nothing in the build.',
    ],
    category: 'maintainability',
    references: [buildCheckRef('from-as-casing')],
    remediation: 'Write `AS` in the same case as `FROM`.',
    equivalents: ['buildkit:FromAsCasing'],
    tags: ['hygiene'],
    messages: { default: '"{{as}}" does not match the casing of "{{from}}".' },
    examples: { bad: ['FROM golang:1.23 as build\n'], good: ['FROM golang:1.23 AS build\n', 'from golang:1.23 as build\n'] },
  },
  check(doc, report) {
    for (const s of doc.stages) {
      const as = s.from.args[1];
      if (!s.name || !as) continue;
      const from = s.from.keyword.raw;
      const fromUpper = from === from.toUpperCase();
      const fromLower = from === from.toLowerCase();
      if ((fromUpper && as.raw !== as.raw.toUpperCase()) || (fromLower && as.raw !== as.raw.toLowerCase())) report({ range: as.range, data: { as: as.raw, from }, fix: replaceWord(doc, as, fromUpper ? 'AS' : 'as', 'Write AS in the casing of FROM.') });
    }
  },
};
