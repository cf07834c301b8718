// CGP005: compose publishes a container port the image does not EXPOSE.
import type { Port } from '../../analyzers/compose/model.ts';
import { specUrl } from '../compose/support.ts';
import { dockerfileRef } from '../dockerfile/support.ts';
import { covers, exposedPorts, onHostNetwork, once, place, PORT_MISMATCH_EXAMPLES, resolvedBuilds, servicePorts } from './support.ts';
import type { ProjectRule } from './support.ts';

function describe(port: Port): string {
  const t = port.target!;
  return `${t.start === t.end ? t.start : `${t.start}-${t.end}`}/${port.protocol}`;
}

export const rule: ProjectRule = {
  meta: {
    id: 'CGP005',
    name: 'published-port-not-exposed',
    target: 'project',
    title: 'Published container port not exposed by the image',
    description:
      'The compose file maps a container port that the image built for the service does not EXPOSE, while it ' +
      'EXPOSEs others: most often the application listens on the exposed port and the mapping points at a port ' +
      'nothing listens on (connections are refused), or the Dockerfile is out of date. Images that EXPOSE ' +
      'nothing, or a port whose value is unknown, are not judged.',
    severity: 'low',
    severityContext: [
      'Often a mistake, but the image may listen on a port it does not EXPOSE, which the files cannot show.',
    ],
    category: 'correctness',
    references: [specUrl('services#ports'), dockerfileRef('#expose')],
    remediation: 'Map the port the application listens on (`"8080:3000"` for an image that EXPOSEs 3000), or update EXPOSE to the port it really uses.',
    equivalents: [],
    messages: { default: 'Service "{{service}}" publishes container port {{port}}, which {{file}} does not EXPOSE (it exposes {{exposed}}).' },
    examples: PORT_MISMATCH_EXAMPLES,
  },
  check(doc, report) {
    const first = once();
    for (const b of resolvedBuilds(doc)) {
      const { ports: exposed, known } = exposedPorts(b.stage);
      if (!known || exposed.length === 0 || onHostNetwork(b.layers)) continue;
      for (const port of servicePorts(b.layers)) {
        if (!port.target || port.interpolated || covers(exposed, port.target, port.protocol)) continue;
        if (!first(place(port.file, port.range))) continue;
        const list = [...new Set(exposed.map((e) => e.word.resolved))].join(', ');
        report({ file: port.file, range: port.range, data: { service: b.service.name, port: describe(port), file: b.dockerfile!.filename, exposed: list } });
      }
    }
  },
};
