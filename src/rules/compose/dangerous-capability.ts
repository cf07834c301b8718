// CGC010: `cap_add` of capabilities that amount to host control.
import { get } from '../../analyzers/yaml/yaml-tree.ts';
import { capabilityName, specUrl, stringItems } from './support.ts';
import type { ComposeRule } from './support.ts';

/** Capabilities that let a container escape, load kernel code, read any file or reconfigure the host. Docker's
 * default set (CHOWN, DAC_OVERRIDE, FOWNER, SETFCAP, …) is not here: adding one back after `cap_drop: [ALL]`
 * grants nothing a default container lacks. */
const DANGEROUS = new Set([
  'ALL', 'SYS_ADMIN', 'SYS_MODULE', 'SYS_RAWIO', 'SYS_PTRACE', 'SYS_BOOT', 'SYS_TIME', 'NET_ADMIN', 'DAC_READ_SEARCH',
  'BPF', 'PERFMON', 'MAC_ADMIN', 'MAC_OVERRIDE', 'SYSLOG', 'LINUX_IMMUTABLE',
]);

/** Dangerous capabilities that are the job of a kind of service — a VPN, DNS/DHCP server or firewall (NET_ADMIN), a
 * time server (SYS_TIME), a monitoring agent (PERFMON, SYSLOG) — so the file alone cannot show they are a defect. */
const SERVICE_JOB = new Set(['NET_ADMIN', 'SYS_TIME', 'PERFMON', 'SYSLOG', 'LINUX_IMMUTABLE']);

export const rule: ComposeRule = {
  meta: {
    id: 'CGC010',
    name: 'dangerous-capability',
    target: 'compose',
    title: 'Service adds a dangerous Linux capability',
    description:
      'Capabilities such as `SYS_ADMIN`, `SYS_MODULE`, `SYS_PTRACE`, `NET_ADMIN` or `ALL` give the container ' +
      'powers close to `privileged`: mounting filesystems, loading kernel modules, tracing host processes or ' +
      'reconfiguring the network.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: capabilities close to `privileged` (the policy names dangerous capabilities): ALL, SYS_ADMIN, SYS_MODULE, SYS_RAWIO, SYS_PTRACE, SYS_BOOT, DAC_READ_SEARCH, BPF, MAC_ADMIN, MAC_OVERRIDE.',
      'Medium for the capabilities that are a kind of service\'s job: NET_ADMIN (a VPN, DNS/DHCP server or firewall), SYS_TIME (a time server), PERFMON and SYSLOG (monitoring agents), LINUX_IMMUTABLE.',
      'KICS rates unrestricted capabilities medium.',
    ],
    category: 'security',
    cwe: ['CWE-250'],
    references: [specUrl('services#cap_add'), 'https://man7.org/linux/man-pages/man7/capabilities.7.html'],
    remediation: 'Remove the capability, or replace it with a narrower one (for example `NET_BIND_SERVICE` instead of `NET_ADMIN` to bind low ports).',
    equivalents: ['kics:ce76b7d0-9e77-464d-b86f-c5c48e03e22d'],
    messages: { default: 'Service "{{service}}" adds the capability {{capability}}.' },
    examples: {
      bad: ['services:\n  vpn:\n    image: example/vpn:2.0\n    cap_add:\n      - NET_ADMIN\n      - SYS_MODULE\n'],
      good: ['services:\n  web:\n    image: example/web:2.0\n    cap_drop: [ALL]\n    cap_add: [NET_BIND_SERVICE]\n'],
    },
  },
  check(doc, report) {
    for (const s of doc.services) {
      for (const cap of stringItems(get(s.node, 'cap_add'))) {
        const name = capabilityName(cap.value);
        if (DANGEROUS.has(name)) report({ range: cap.node.range, data: { service: s.name, capability: name }, ...(SERVICE_JOB.has(name) ? { severity: 'medium' as const } : {}) });
      }
    }
  },
};
