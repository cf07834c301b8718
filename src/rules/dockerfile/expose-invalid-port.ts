// CGD127: EXPOSE of something that is not a valid port, range or protocol.
import { exposedPorts } from '../../analyzers/dockerfile/query-packages.ts';
import { instructionsOf } from '../../analyzers/dockerfile/query.ts';
import { dockerfileRef, hadolintRef } from './support.ts';
import type { DockerfileRule } from './support.ts';

const PROTOCOLS = ['tcp', 'udp', 'sctp'];

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD127',
    name: 'expose-invalid-port',
    target: 'dockerfile',
    title: 'EXPOSE of an invalid port',
    description:
      'Ports are numbers from 1 to 65535 (a range is `start-end` with start ≤ end), optionally followed by ' +
      '`/tcp`, `/udp` or `/sctp`. Anything else fails the build or, worse, documents a port the container can ' +
      'never listen on.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: Docker refuses an invalid port, so the build fails.',
      'hadolint rates it an error and Trivy critical.',
    ],
    category: 'correctness',
    references: [dockerfileRef('#expose'), hadolintRef('DL3011')],
    remediation: 'Expose the port the application really listens on: `EXPOSE 8080` or `EXPOSE 53/udp`.',
    equivalents: ['hadolint:DL3011', 'trivy:DS008', 'kics:71bf8cf8-f0a1-42fa-b9d2-d10525e0a38e'],
    messages: {
      default: '`{{value}}` is not a valid port: use a number from 1 to 65535.',
      range: '`{{value}}` is not a valid port range: use `start-end` with 1 ≤ start ≤ end ≤ 65535.',
      protocol: '`{{value}}` has an unknown protocol: use tcp, udp or sctp.',
    },
    examples: {
      bad: ['FROM nginx:1.27\nEXPOSE 80800\n'],
      good: ['FROM nginx:1.27\nEXPOSE 8080\n'],
    },
  },
  check(doc, report) {
    for (const instr of instructionsOf(doc, ['EXPOSE'])) {
      for (const p of exposedPorts(instr)) {
        const data = { value: p.word.resolved };
        if (p.protocol !== undefined && !PROTOCOLS.includes(p.protocol.toLowerCase())) report({ range: p.word.range, messageId: 'protocol', data });
        else if (p.from === undefined || p.to === undefined || p.from < 1 || p.to > 65535) report({ range: p.word.range, messageId: p.port.includes('-') ? 'range' : 'default', data });
        else if (p.from > p.to) report({ range: p.word.range, messageId: 'range', data });
      }
    }
  },
};
