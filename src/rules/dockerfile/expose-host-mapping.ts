// CGD129: EXPOSE with an IP address or host port (`EXPOSE 127.0.0.1:80:80`), which only `docker run -p` can set.
import { exposedPorts } from '../../analyzers/dockerfile/query-packages.ts';
import { instructionsOf } from '../../analyzers/dockerfile/query.ts';
import { buildCheckRef, dockerfileRef } from './support.ts';
import type { DockerfileRule } from './support.ts';
import { replaceWord } from './fix.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD129',
    name: 'expose-host-mapping',
    target: 'dockerfile',
    title: 'EXPOSE with an IP address or host port',
    description:
      'EXPOSE only documents which container ports the image listens on. An IP address or host port ' +
      '(`EXPOSE 127.0.0.1:8080:80`) is ignored — publishing is decided by `docker run -p` or Compose `ports` — so ' +
      'the binding the author intended (for example to localhost only) silently does not happen. BuildKit will ' +
      'reject this form in a future release.',
    severity: 'low',
    severityContext: [
      'EXPOSE never publishes a port, so the ignored address changes nothing at run time; it misleads readers.',
    ],
    category: 'correctness',
    references: [buildCheckRef('expose-invalid-format'), dockerfileRef('#expose')],
    remediation: 'Expose the container port only (`EXPOSE 80`) and publish it where the container is run (`-p 127.0.0.1:8080:80`).',
    equivalents: ['buildkit:ExposeInvalidFormat'],
    messages: { default: '`{{value}}`: EXPOSE ignores the address and host port; write `EXPOSE {{port}}` and publish with `-p {{value}}`.' },
    examples: {
      bad: ['FROM nginx:1.27\nEXPOSE 127.0.0.1:8080:80\n'],
      good: ['FROM nginx:1.27\nEXPOSE 80\n'],
    },
  },
  check(doc, report) {
    for (const instr of instructionsOf(doc, ['EXPOSE'])) {
      for (const p of exposedPorts(instr)) {
        if (p.mapping === undefined) continue;
        // Docker ignores the host part: the container port alone means the same.
        const port = p.protocol === undefined ? p.port : `${p.port}/${p.protocol}`;
        const fix = p.word.raw === p.word.resolved ? replaceWord(doc, p.word, port, 'Expose the container port alone.') : undefined;
        report({ range: p.word.range, data: { value: p.word.resolved, port }, fix });
      }
    }
  },
};
