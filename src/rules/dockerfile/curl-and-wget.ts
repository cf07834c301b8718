// CGD143: both curl and wget used to download in one image.
import { runCommandsNamed } from '../../analyzers/dockerfile/query-packages.ts';
import type { CommandRef } from '../../analyzers/dockerfile/query.ts';
import { hadolintRef, stageChain } from './support.ts';
import type { DockerfileRule } from './support.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD143',
    name: 'curl-and-wget',
    target: 'dockerfile',
    title: 'Both curl and wget used in one image',
    description:
      'curl and wget do the same job here. Using both means both (and their libraries) must be installed and ' +
      'patched, and the download steps follow two sets of flags and error semantics. Checked per image: each ' +
      'stage together with the stages it builds on.',
    severity: 'info',
    severityContext: [
      'Two download tools are a maintenance cost only.',
    ],
    category: 'maintainability',
    references: [hadolintRef('DL4001')],
    remediation: 'Pick one tool for all downloads (e.g. `curl -fsSL`) and install only that one.',
    equivalents: ['hadolint:DL4001', 'trivy:DS014', 'kics:fc775e75-fcfb-4c98-b2f2-910c5858b359'],
    tags: ['hygiene'],
    messages: { default: '`{{tool}}` is used here while `{{other}}` is used elsewhere in the same image; pick one.' },
    examples: {
      bad: ['FROM debian:12\nRUN curl -fsSLO https://example.com/a.tgz\nRUN wget -q https://example.com/b.tgz\n'],
      good: ['FROM debian:12\nRUN curl -fsSLO https://example.com/a.tgz\nRUN curl -fsSLO https://example.com/b.tgz\n'],
    },
  },
  check(doc, report) {
    const uses = runCommandsNamed(doc, 'curl', 'wget');
    const bases = new Set(doc.stages.map((s) => s.image?.stage));
    const reported = new Set<CommandRef>();
    for (const leaf of doc.stages.filter((s) => !bases.has(s))) {
      const chain = stageChain(leaf);
      const inImage = uses.filter((c) => c.instruction.stage !== undefined && chain.includes(c.instruction.stage));
      const curl = inImage.filter((c) => c.name === 'curl');
      const wget = inImage.filter((c) => c.name === 'wget');
      if (curl.length === 0 || wget.length === 0) continue;
      // Point at the less used tool: that is the one to replace. On a tie, at the one that came second (its first
      // use comes later in the file): the image used one tool until then.
      const wgetSecond = wget.length < curl.length || (wget.length === curl.length && inImage.indexOf(wget[0]!) > inImage.indexOf(curl[0]!));
      const [minority, other] = wgetSecond ? [wget, 'curl'] : [curl, 'wget'];
      for (const c of minority) {
        if (reported.has(c) || !c.nameWord) continue;
        reported.add(c);
        report({ range: c.nameWord.range, data: { tool: c.name, other } });
      }
    }
  },
};
