// CGC015: sysctls that weaken the host's network or are not namespaced at all.
import { keyValues } from '../../analyzers/compose/services.ts';
import { get } from '../../analyzers/yaml/yaml-tree.ts';
import { specUrl } from './support.ts';
import type { ComposeRule } from './support.ts';

/** Kernel parameters Docker can set per container (IPC and network namespaces); anything else is host-wide. */
const NAMESPACED = /^(kernel\.(msgmax|msgmnb|msgmni|sem|shmall|shmmax|shmmni|shm_rmid_forced)|fs\.mqueue\..+|net\..+)$/;
/** Namespaced parameters whose enabling value turns the container into a router or exposes localhost services. */
const RISKY_WHEN_ENABLED = /^net\.(ipv4\.ip_forward|ipv6\.conf\.[^.]+\.forwarding|ipv4\.conf\.[^.]+\.(route_localnet|accept_redirects|accept_source_route|send_redirects|forwarding)|ipv6\.conf\.[^.]+\.(accept_redirects|accept_source_route))$/;

export const rule: ComposeRule = {
  meta: {
    id: 'CGC015',
    name: 'risky-sysctl',
    target: 'compose',
    title: 'Service sets a risky kernel parameter',
    description:
      'Enabling IP forwarding, `route_localnet` (CVE-2020-8558) or ICMP redirects lets traffic reach places ' +
      'it should not. Parameters outside the IPC and network namespaces are not isolated per container: ' +
      'they change the host kernel or are refused by the runtime.',
    severity: 'medium',
    severityContext: [
      'Network parameters that route traffic where it should not go: a real risk in context, not a direct path to the host.',
    ],
    category: 'security',
    cwe: ['CWE-668'],
    references: [specUrl('services#sysctls'), 'https://docs.docker.com/reference/cli/docker/container/run/#sysctl'],
    remediation: 'Remove the sysctl, or keep the default value; set host-wide parameters on the host, deliberately.',
    equivalents: [],
    messages: {
      default: 'Service "{{service}}" enables {{name}}, which weakens network isolation.',
      hostWide: 'Service "{{service}}" sets {{name}}, which is not namespaced: it affects the host kernel or is refused.',
    },
    examples: {
      bad: ['services:\n  router:\n    image: example/router:1.0\n    sysctls:\n      net.ipv4.ip_forward: 1\n', 'services:\n  app:\n    image: example/app:1.0\n    sysctls:\n      - kernel.core_pattern=|/tmp/x\n'],
      good: ['services:\n  app:\n    image: example/app:1.0\n    sysctls:\n      net.core.somaxconn: 1024\n'],
    },
  },
  check(doc, report) {
    for (const s of doc.services) {
      for (const kv of keyValues(get(s.node, 'sysctls'), doc.pos)) {
        const name = kv.key.trim();
        if (!NAMESPACED.test(name)) report({ range: kv.keyRange, messageId: 'hostWide', data: { service: s.name, name } });
        else if (RISKY_WHEN_ENABLED.test(name) && kv.value?.trim() !== '0') report({ range: kv.keyRange, data: { service: s.name, name } });
      }
    }
  },
};
