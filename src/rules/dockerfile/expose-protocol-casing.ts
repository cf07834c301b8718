// CGD128: EXPOSE protocol not in lowercase (`80/TCP`).
import { exposedPorts } from '../../analyzers/dockerfile/query-packages.ts';
import { instructionsOf } from '../../analyzers/dockerfile/query.ts';
import { buildCheckRef, dockerfileRef } from './support.ts';
import type { DockerfileRule } from './support.ts';
import { replaceWord } from './fix.ts';

const PROTOCOLS = ['tcp', 'udp', 'sctp'];

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD128',
    name: 'expose-protocol-casing',
    target: 'dockerfile',
    title: 'EXPOSE protocol not in lowercase',
    description:
      'Docker accepts `80/TCP` but records the protocol as written in the image metadata, and tools that read ' +
      'the image configuration (orchestrators, scanners, `docker run -P`) compare protocols case-sensitively.',
    severity: 'info',
    severityContext: [
      'Style: Docker accepts the casing.',
    ],
    category: 'best-practice',
    references: [buildCheckRef('expose-proto-casing'), dockerfileRef('#expose')],
    remediation: 'Write the protocol in lowercase: `EXPOSE 80/tcp`.',
    equivalents: ['buildkit:ExposeProtoCasing'],
    tags: ['hygiene'],
    messages: { default: 'Write the protocol in lowercase: `{{fixed}}`.' },
    examples: {
      bad: ['FROM nginx:1.27\nEXPOSE 80/TCP\n'],
      good: ['FROM nginx:1.27\nEXPOSE 80/tcp\n'],
    },
  },
  check(doc, report) {
    for (const instr of instructionsOf(doc, ['EXPOSE'])) {
      for (const p of exposedPorts(instr)) {
        const proto = p.protocol;
        if (proto === undefined || proto === proto.toLowerCase() || !PROTOCOLS.includes(proto.toLowerCase())) continue;
        const w = p.word;
        // Point at the protocol itself when the word is written plainly on one line.
        const plain = w.raw === w.resolved && w.range.start_line === w.range.end_line;
        const range = plain ? { ...w.range, start_column: w.range.start_column + p.protocolAt! } : w.range;
        const fix = plain ? replaceWord(doc, w, `${w.raw.slice(0, p.protocolAt)}${proto.toLowerCase()}`, 'Write the protocol in lowercase.') : undefined;
        report({ range, data: { fixed: `${w.resolved.slice(0, p.protocolAt)}${proto.toLowerCase()}` }, fix });
      }
    }
  },
};
