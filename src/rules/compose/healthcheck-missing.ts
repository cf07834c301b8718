// CGC025: service has no healthcheck.
import { getPair, text } from '../../analyzers/yaml/yaml-tree.ts';
import type { YNode } from '../../analyzers/yaml/yaml-tree.ts';
import { isTrue, lacks, specUrl } from './support.ts';
import type { ComposeRule } from './support.ts';

export const rule: ComposeRule = {
  meta: {
    id: 'CGC025',
    name: 'healthcheck-missing',
    target: 'compose',
    title: 'Service has no healthcheck',
    description:
      'Without a healthcheck Docker only knows whether the process runs, not whether it works: `depends_on: ' +
      '{condition: service_healthy}` cannot wait for it, and a hung service is never restarted or taken out of rotation.',
    severity: 'low',
    severityContext: [
      'Hardening (the policy names healthchecks).',
      'KICS rates it medium.',
    ],
    category: 'reliability',
    references: [specUrl('services#healthcheck')],
    remediation: 'Add a `healthcheck` with a cheap `test` that proves the service answers (or rely on a HEALTHCHECK in the image and say so with a suppression).',
    equivalents: ['kics:698ed579-b239-4f8f-a388-baa4bcb13ef8'],
    tags: ['hardening'],
    messages: {
      default: 'Service "{{service}}" has no healthcheck.',
      disabled: 'Service "{{service}}" turns its healthcheck off, so it has none.',
    },
    examples: {
      bad: ['services:\n  api:\n    image: example/api:1.0\n'],
      good: ['services:\n  api:\n    image: example/api:1.0\n    healthcheck:\n      test: ["CMD", "/app/healthcheck"]\n      interval: 30s\n'],
    },
  },
  check(doc, report) {
    for (const s of doc.services) {
      if (lacks(s, 'healthcheck')) report({ range: s.keyRange, data: { service: s.name } });
      // Only the service's own healthcheck: one a base passes down is reported on the base, where it is written.
      const off = disabledBy(getPair(s.node, 'healthcheck')?.value);
      if (off) report({ range: off.range, messageId: 'disabled', data: { service: s.name } });
    }
  },
};

/** What turns a healthcheck off: `disable: true`, or a `test` of `NONE` (`["NONE"]` or the string), as Docker reads it. */
function disabledBy(hc: YNode | undefined): YNode | undefined {
  if (hc?.kind !== 'map') return undefined;
  const disable = getPair(hc, 'disable');
  if (disable && isTrue(disable.value)) return disable.keyNode;
  const test = getPair(hc, 'test');
  const first = test?.value.kind === 'seq' ? test.value.items[0] : test?.value;
  return text(first)?.trim().toUpperCase() === 'NONE' ? test!.keyNode : undefined;
}
