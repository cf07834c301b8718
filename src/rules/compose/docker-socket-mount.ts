// CGC008: the Docker (or another container runtime's) socket mounted into a container.
import { RUNTIME_SOCKET, specUrl } from './support.ts';
import type { ComposeRule } from './support.ts';

export const rule: ComposeRule = {
  meta: {
    id: 'CGC008',
    name: 'docker-socket-mount',
    target: 'compose',
    title: 'Container runtime socket mounted into a service',
    description:
      'Access to the Docker socket is root on the host: the container can start a privileged container that ' +
      'mounts the host filesystem. Mounting it read-only (`:ro`) does not help, because the API is used by ' +
      'connecting to the socket, not by writing the file.',
    severity: 'critical',
    severityContext: [
      'The runtime API socket is root on the host, read-only or not, whatever the file\'s role (the policy names it).',
      'KICS rates it high.',
    ],
    category: 'security',
    cwe: ['CWE-250', 'CWE-668'],
    references: [specUrl('services#volumes'), 'https://docs.docker.com/engine/security/#docker-daemon-attack-surface'],
    remediation: 'Remove the mount. If the service really needs the Docker API, put a filtering proxy (allowing only the calls it needs) in front of the socket, or use rootless Docker.',
    equivalents: ['kics:d6355c88-1e8d-49e9-b2f2-f8a1ca12c75b'],
    messages: {
      default: 'Service "{{service}}" mounts the container runtime socket {{path}}: this grants root on the host.',
      readOnly: 'Service "{{service}}" mounts the container runtime socket {{path}}; read-only does not restrict the API, this still grants root on the host.',
    },
    examples: {
      bad: [
        'services:\n  ui:\n    image: example/ui:3.0\n    volumes:\n      - /var/run/docker.sock:/var/run/docker.sock:ro\n',
        'services:\n  ui:\n    image: example/ui:3.0\n    volumes:\n      - type: bind\n        source: /run/docker.sock\n        target: /var/run/docker.sock\n',
      ],
      good: ['services:\n  ui:\n    image: example/ui:3.0\n    volumes:\n      - ./config:/etc/ui:ro\n'],
    },
  },
  check(doc, report) {
    for (const s of doc.services) {
      for (const m of s.volumes) {
        if (m.type !== 'bind' || !m.source || !RUNTIME_SOCKET.test(m.source.value)) continue;
        report({ range: m.source.range, messageId: m.readOnly ? 'readOnly' : 'default', data: { service: s.name, path: m.source.value } });
      }
    }
  },
};
