// CGP013: `extends` names a service another submitted compose file does not define, or loops across files.
import type { Layer } from '../../project/types.ts';
import { specUrl } from '../compose/support.ts';
import { once, place } from './support.ts';
import type { ProjectRule } from './support.ts';

const named = (l: Layer): string => `${l.service.name} (${l.compose.filename})`;

export const rule: ProjectRule = {
  meta: {
    id: 'CGP013',
    name: 'invalid-extends-across-files',
    target: 'project',
    title: 'extends names a service another file does not define, or loops across files',
    description:
      '`extends` with `file` copies the configuration of a service of another compose file. If that file (as ' +
      'submitted) does not define the service, or services extend each other in a loop that passes through ' +
      'several files, `docker compose` refuses the project. Loops within one file are CGC043.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: Compose refuses the project.',
    ],
    category: 'correctness',
    references: [specUrl('services#extends'), 'https://docs.docker.com/compose/how-tos/multiple-compose-files/extends/'],
    remediation: 'Name a service the other file defines (and the right `file`, relative to the extending file), and make sure no service extends itself through others.',
    equivalents: [],
    messages: {
      default: 'Service "{{service}}" extends "{{base}}" of "{{path}}", which does not define it.',
      cycle: 'extends loop across files: {{cycle}}.',
    },
    examples: {
      bad: [[
        { filename: 'compose.yaml', content: 'services:\n  web:\n    extends:\n      file: common.yaml\n      service: ap\n' },
        { filename: 'common.yaml', content: 'services:\n  app:\n    image: example/app:1.4\n' },
      ]],
      good: [[
        { filename: 'compose.yaml', content: 'services:\n  web:\n    extends:\n      file: common.yaml\n      service: app\n' },
        { filename: 'common.yaml', content: 'services:\n  app:\n    image: example/app:1.4\n' },
      ]],
    },
  },
  check(doc, report) {
    const first = once();
    const order = new Map(doc.services.map((s, i) => [s.service, i]));
    for (const s of doc.services) {
      const open = s.open;
      if (open?.reason === 'unknownService') {
        const { compose, service } = open.at;
        const ext = service.extends!;
        if (first(place(compose.filename, ext.range))) report({ file: compose.filename, range: ext.range, data: { service: service.name, base: ext.service, path: open.path } });
      } else if (open?.reason === 'cycle') {
        // Every service that reaches the loop sees it; it is reported once, at its first member in the submission.
        const start = open.cycle.reduce((m, l, i) => (order.get(l.service)! < order.get(open.cycle[m]!.service)! ? i : m), 0);
        const loop = [...open.cycle.slice(start), ...open.cycle.slice(0, start + 1)];
        const { compose, service } = loop[0]!;
        if (first(place(compose.filename, service.extends!.range))) report({ file: compose.filename, range: service.extends!.range, messageId: 'cycle', data: { cycle: loop.map(named).join(' -> ') } });
      }
    }
  },
};
