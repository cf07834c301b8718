// CGC043: `extends` of a service that does not exist in the file, or a loop of `extends`.
import { specUrl } from './support.ts';
import type { ComposeRule } from './support.ts';

export const rule: ComposeRule = {
  meta: {
    id: 'CGC043',
    name: 'invalid-extends',
    target: 'compose',
    title: 'extends names an unknown service or loops',
    description:
      '`extends` without `file` copies the configuration of another service in the same file. If that service ' +
      'does not exist, or services extend each other in a loop, `docker compose` refuses the project.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: Compose refuses the project.',
    ],
    category: 'correctness',
    references: [specUrl('services#extends'), 'https://docs.docker.com/compose/how-tos/multiple-compose-files/extends/'],
    remediation: 'Name an existing service (or add `file:` when the base lives in another file), and make sure no service extends itself through others.',
    equivalents: [],
    messages: {
      default: 'Service "{{service}}" extends "{{base}}", which is not defined in this file.',
      cycle: 'extends loop: {{cycle}}.',
    },
    examples: {
      bad: ['services:\n  web:\n    extends: base\n    image: example/web:1.0\n', 'services:\n  a:\n    extends: b\n    image: example/a:1.0\n  b:\n    extends: a\n    image: example/b:1.0\n'],
      good: ['x-note: same-file extends\nservices:\n  base:\n    image: example/web:1.0\n    restart: unless-stopped\n  web:\n    extends: base\n'],
    },
  },
  check(doc, report) {
    doc.services.forEach((s, index) => {
      if (!s.extends || s.extends.file !== undefined) return;
      const base = doc.serviceByName.get(s.extends.service);
      if (!base) {
        report({ range: s.extends.range, data: { service: s.name, base: s.extends.service } });
        return;
      }
      // Walk the chain; a loop back to this service is reported once, by its first member in the file.
      const chain = [s];
      let current = base;
      while (!chain.includes(current)) {
        chain.push(current);
        const next = current.extends && current.extends.file === undefined ? doc.serviceByName.get(current.extends.service) : undefined;
        if (!next) return;
        current = next;
      }
      if (current === s && chain.every((c) => doc.services.indexOf(c) >= index)) {
        report({ range: s.extends.range, messageId: 'cycle', data: { cycle: [...chain, s].map((c) => c.name).join(' -> ') } });
      }
    });
  },
};
