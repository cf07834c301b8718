// CGP006: the image EXPOSEs a port the service neither publishes nor lists in `expose`, while publishing others.
import { parseShortPort } from '../../analyzers/compose/ports.ts';
import { get, text } from '../../analyzers/yaml/yaml-tree.ts';
import { specUrl } from '../compose/support.ts';
import { dockerfileRef } from '../dockerfile/support.ts';
import { exposedPorts, onHostNetwork, once, PORT_MISMATCH_EXAMPLES, resolvedBuilds, servicePorts } from './support.ts';
import type { ProjectRule } from './support.ts';

interface Mapped {
  start: number;
  end: number;
  protocol: string;
}

export const rule: ProjectRule = {
  meta: {
    id: 'CGP006',
    name: 'exposed-port-not-published',
    target: 'project',
    title: 'Exposed port not mapped by the service',
    description:
      'The image EXPOSEs a port that the service built from it neither publishes (`ports`) nor declares in ' +
      '`expose`, although it publishes other ports. Either the mapping misses the port the application listens ' +
      'on, or EXPOSE documents a port that is no longer used. Services that publish nothing are not reported: ' +
      'other containers reach them on the Compose network without any mapping.',
    severity: 'info',
    severityContext: [
      'Informative: EXPOSE is documentation.',
    ],
    category: 'best-practice',
    references: [dockerfileRef('#expose'), specUrl('services#ports'), specUrl('services#expose')],
    remediation: 'Publish the port (`"127.0.0.1:8080:3000"`), list it in `expose` if only other services use it, or remove it from EXPOSE.',
    equivalents: [],
    messages: { default: 'Port {{port}} is EXPOSEd but service "{{service}}" of {{compose}} does not map it.' },
    examples: PORT_MISMATCH_EXAMPLES,
  },
  check(doc, report) {
    const first = once();
    for (const b of resolvedBuilds(doc)) {
      // This judges an absence: past an open `extends` chain an unseen base may map the port.
      if (b.open) continue;
      const ports = servicePorts(b.layers);
      if (ports.length === 0 || onHostNetwork(b.layers) || ports.some((p) => p.interpolated || !p.target)) continue;
      const mapped: Mapped[] = ports.map((p) => ({ ...p.target!, protocol: p.protocol }));
      // `expose` is appended across `extends` like `ports`.
      const expose = b.layers.flatMap((l) => get(l.service.node, 'expose') ?? []);
      for (const item of expose.flatMap((e) => (e.kind === 'seq' ? e.items : []))) {
        const port = parseShortPort(text(item) ?? '');
        if (port.target) mapped.push({ ...port.target, protocol: port.protocol });
      }
      for (const e of exposedPorts(b.stage).ports) {
        if (mapped.some((m) => m.protocol === e.protocol && m.start <= e.end && e.start <= m.end)) continue;
        if (!first(`${b.dockerfile!.filename}:${e.word.start}`)) continue;
        report({ file: b.dockerfile!.filename, range: e.word.range, data: { port: e.word.resolved, service: b.service.name, compose: b.compose.filename } });
      }
    }
  },
};
