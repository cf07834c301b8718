// CGC014: host devices that expose kernel memory or raw disks.
import { get, text } from '../../analyzers/yaml/yaml-tree.ts';
import { specUrl } from './support.ts';
import type { ComposeRule } from './support.ts';

/** Kernel memory and I/O ports, and raw block devices (disks, partitions, device-mapper volumes). */
const DANGEROUS = /^\/dev\/(mem|kmem|port|(sd|hd|vd|xvd)[a-z]+\d*|nvme\d+(n\d+(p\d+)?)?|mmcblk\d+(p\d+)?|dm-\d+|mapper\/.+|disk\/.+|cpu\/\d+\/msr)$/;

export const rule: ComposeRule = {
  meta: {
    id: 'CGC014',
    name: 'dangerous-device',
    target: 'compose',
    title: 'Service gets direct access to a sensitive host device',
    description:
      'Mapping `/dev/mem`, `/dev/kmem` or `/dev/port` gives the container the host\'s physical memory and I/O ' +
      'ports; mapping a raw disk lets it read and rewrite the host\'s filesystems underneath every permission check.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: raw access to host memory or disks bypasses every permission check.',
    ],
    category: 'security',
    cwe: ['CWE-668'],
    references: [specUrl('services#devices')],
    remediation: 'Remove the device mapping; share data through a volume instead of a raw device.',
    equivalents: [],
    messages: { default: 'Service "{{service}}" maps the host device {{device}}.' },
    examples: {
      bad: ['services:\n  tool:\n    image: example/tool:1.0\n    devices:\n      - /dev/mem:/dev/mem\n'],
      good: ['services:\n  vpn:\n    image: example/vpn:1.0\n    devices:\n      - /dev/net/tun:/dev/net/tun\n'],
    },
  },
  check(doc, report) {
    const devices = (node: ReturnType<typeof get>) => (node?.kind === 'seq' ? node.items : []);
    for (const s of doc.services) {
      for (const item of devices(get(s.node, 'devices'))) {
        const sourceNode = item.kind === 'map' ? get(item, 'source') : item;
        const device = text(sourceNode)?.split(':')[0];
        if (device !== undefined && DANGEROUS.test(device)) report({ range: sourceNode!.range, data: { service: s.name, device } });
      }
    }
  },
};
