// CGD010: stage names in lower case.
import { buildCheckRef } from './support.ts';
import type { DockerfileRule } from './support.ts';
import { replaceWord } from './fix.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD010',
    name: 'stage-name-casing',
    target: 'dockerfile',
    title: 'Stage name is not lower case',
    description: 'Stage names are case-insensitive, and Docker recommends writing them in lower case so that `--from` and `--target` references read the same everywhere.',
    severity: 'info',
    severityContext: [
      'Style only: stage names are case-insensitive.',
    ],
    category: 'maintainability',
    references: [buildCheckRef('stage-name-casing')],
    remediation: 'Write the stage name in lower case (`AS builder`).',
    equivalents: ['buildkit:StageNameCasing'],
    tags: ['hygiene'],
    messages: { default: 'Stage name "{{name}}" should be lower case.' },
    examples: { bad: ['FROM golang:1.23 AS Builder\n'], good: ['FROM golang:1.23 AS builder\n'] },
  },
  check(doc, report) {
    for (const s of doc.stages) {
      // Docker compares stage names case-insensitively, so the references need no change.
      if (s.name && s.name.resolved !== s.name.resolved.toLowerCase()) report({ range: s.name.range, data: { name: s.name.resolved }, fix: s.name.raw === s.name.resolved ? replaceWord(doc, s.name, s.name.raw.toLowerCase(), 'Write the stage name in lowercase.') : undefined });
    }
  },
};
