// CGD122: `RUN cd /dir && …` instead of WORKDIR.
import { rangeFrom, scriptsOf } from '../../analyzers/dockerfile/query.ts';
import type { Script, ShellWord } from '../../analyzers/dockerfile/types.ts';
import { dockerfileRef, hadolintRef } from './support.ts';
import type { DockerfileRule } from './support.ts';

/** Scratch directories and "go back" targets: a `cd` there is a temporary detour, not a working directory. */
const DETOUR = /^(\/tmp|\/var\/tmp)(\/|$)|^(\/|-|\.\.|~)$/;

/** `cd` commands at the top level of a script: inside `( … )` or `sh -c` their effect is deliberately scoped. */
function topLevelCds(script: Script): { cd: ShellWord; target: ShellWord }[] {
  const out: { cd: ShellWord; target: ShellWord }[] = [];
  for (const item of script.items)
    for (const p of item.pipelines)
      for (const c of p.commands) {
        const [cd, target] = c.type === 'command' ? c.words : [];
        if (cd?.value === 'cd' && !cd.quoted && target && !target.dynamic && !target.value.startsWith('-') && !DETOUR.test(target.value)) out.push({ cd, target });
      }
  return out;
}

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD122',
    name: 'run-cd',
    target: 'dockerfile',
    title: '`cd` in RUN instead of WORKDIR',
    description:
      'A `cd` only lasts for its own RUN, so every later instruction silently starts in the old directory again; ' +
      'chains of `cd … &&` are also hard to read and review. WORKDIR sets the directory for all following ' +
      'instructions and creates it if needed. Scoped `cd`s (in a subshell or `sh -c`) and detours into /tmp are ' +
      'not reported.',
    severity: 'info',
    severityContext: [
      'Style: a `cd` in RUN is correct shell; WORKDIR only reads better (the policy counts it as hygiene).',
      'hadolint rates it a warning and Trivy medium.',
    ],
    category: 'maintainability',
    references: [hadolintRef('DL3003'), dockerfileRef('#workdir'), 'https://docs.docker.com/build/building/best-practices/#workdir'],
    remediation: 'Replace `RUN cd /app && make` with `WORKDIR /app` followed by `RUN make`.',
    equivalents: ['hadolint:DL3003', 'trivy:DS013', 'kics:f4a6bcd3-e231-4acf-993c-aa027be50d2e'],
    tags: ['hygiene'],
    messages: { default: 'Use `WORKDIR {{dir}}` instead of `cd {{dir}}`: the change only lasts for this RUN.' },
    examples: {
      bad: ['FROM node:22\nCOPY . /app\nRUN cd /app && npm ci\n'],
      good: ['FROM node:22\nWORKDIR /app\nCOPY . .\nRUN npm ci\n'],
    },
  },
  check(doc, report) {
    for (const instr of doc.instructions) {
      if ((instr.onbuild ?? instr).kind !== 'RUN') continue;
      for (const script of scriptsOf(instr))
        for (const { cd, target } of topLevelCds(script)) report({ range: rangeFrom(cd, target), data: { dir: target.value } });
    }
  },
};
