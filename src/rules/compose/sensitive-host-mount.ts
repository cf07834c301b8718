// CGC009: a sensitive host directory bind-mounted into a service.
import { isInterpolated } from '../../analyzers/compose/interpolation.ts';
import type { ComposeDoc } from '../../analyzers/compose/model.ts';
import { get, str, text } from '../../analyzers/yaml/yaml-tree.ts';
import type { Str } from '../../analyzers/yaml/yaml-tree.ts';
import type { Reporter } from '../../core/rule.ts';
import { RUNTIME_SOCKET, specUrl } from './support.ts';
import type { ComposeRule } from './support.ts';

/** Host trees whose exposure gives away credentials, kernel interfaces or control over the host. */
const SENSITIVE = ['/', '/boot', '/dev', '/etc', '/proc', '/sys', '/root', '/var/run', '/run', '/var/lib/docker', '/usr', '/lib', '/bin', '/sbin'];
/** Read-only mounts of these are a common, harmless way to share the host's time zone or CA bundle. */
const BENIGN_READ_ONLY = ['/etc/localtime', '/etc/timezone', '/etc/ssl/certs', '/etc/ca-certificates', '/usr/share/zoneinfo'];
/** A user's home, however it is written: `~`, `$HOME`, `${HOME}`, `/home/<user>`, `/Users/<user>`. */
const HOME = /^(?:~|\$HOME|\$\{HOME\}|\/home\/[^/]+|\/Users\/[^/]+)(?=\/|$)/;
/** Where a home keeps credentials: keys, cloud and registry logins, cluster configs. */
const HOME_CREDENTIALS = [
  '.ssh', '.aws', '.azure', '.docker', '.kube', '.gnupg', '.config/gcloud', '.config/gh', '.netrc', '.git-credentials',
  '.npmrc', '.pypirc', '.password-store',
];

function normalize(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed.replace(/\/{2,}/g, '/');
}

function under(path: string, root: string): boolean {
  if (root === '/') return path === '/';
  return path === root || path.startsWith(`${root}/`);
}

/**
 * Whether a bind-mount source exposes the host: a system tree, all homes (`/home`, `/Users`), a whole user home
 * or its credential directories (`~/.ssh`, `$HOME/.aws`). Other paths in a home (`~/Pictures`, `/home/me/code`)
 * and project-relative paths (`./data`, `../conf`) are the user's own files, not the host's.
 */
function sensitive(path: string): boolean {
  const home = HOME.exec(path);
  if (home) {
    const rest = path.slice(home[0].length).replace(/^\//, '');
    return rest === '' || HOME_CREDENTIALS.some((c) => rest === c || rest.startsWith(`${c}/`));
  }
  return path === '/home' || path === '/Users' || SENSITIVE.some((root) => under(path, root));
}

export const rule: ComposeRule = {
  meta: {
    id: 'CGC009',
    name: 'sensitive-host-mount',
    target: 'compose',
    title: 'Sensitive host path mounted into a service',
    description:
      'Mounting the host root, `/etc`, `/proc`, `/sys`, `/root`, whole home directories, the credential ' +
      'directories of a home (`~/.ssh`, `~/.aws`, `~/.docker`, `~/.kube`…) and similar trees exposes credentials and ' +
      'kernel interfaces to the container; writable, they let it take over the host. Other paths in a home ' +
      '(`~/Music`, `/home/me/code`) and project-relative paths (`./data`, `../conf`) are the user\'s own files and ' +
      'are not reported. A named volume bound to a host directory (`driver_opts: {o: bind, device: /etc}`) is ' +
      'judged as the host directory it is.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: a sensitive host path mounted into a container (the policy names it); writable, it lets the container take over the host.',
      'Medium when mounted read-only, except `/root` and homes: reading `/`, `/proc` or `/sys` is a monitoring or log agent\'s job (node-exporter, telegraf), which the file cannot rule out; reading a home is reading its credentials.',
      'A home\'s own files and project-relative paths are not reported.',
      'KICS rates it high.',
    ],
    category: 'security',
    cwe: ['CWE-668'],
    references: [specUrl('services#volumes'), 'https://docs.docker.com/engine/storage/bind-mounts/'],
    remediation: 'Mount only the specific files or project directories the service needs (read-only where possible), or use a named volume.',
    equivalents: ['kics:1c1325ff-831d-43a1-973e-839ae57dfcc0'],
    messages: {
      default: 'Service "{{service}}" mounts the sensitive host path {{path}} writable.',
      readOnly: 'Service "{{service}}" mounts the sensitive host path {{path}} (read-only, but still exposing host data).',
    },
    examples: {
      bad: ['services:\n  backup:\n    image: example/backup:1.0\n    volumes:\n      - /etc:/host/etc\n', 'services:\n  shell:\n    image: example/shell:1.0\n    volumes:\n      - ~/.ssh:/root/.ssh:ro\n'],
      good: ['services:\n  app:\n    image: example/app:1.0\n    volumes:\n      - /etc/localtime:/etc/localtime:ro\n      - ./data:/data\n      - ~/Music:/music:ro\n'],
    },
  },
  check(doc, report) {
    for (const s of doc.services) {
      for (const m of s.volumes) {
        if (m.type !== 'bind' || !m.source) continue;
        judge(m.source, m.interpolated, m.readOnly, s.name, report);
      }
    }
    // A named volume of the local driver with `o: bind` (or local-persist's `mountpoint`) is a host directory under
    // another name: judged as a bind mount of its `device`, where it is written, for the services that mount it.
    for (const [name, device] of hostBackedVolumes(doc)) {
      const users = doc.services.flatMap((s) => s.volumes.filter((m) => m.type === 'volume' && m.source?.value === name).map((m) => ({ s, m })));
      if (users.length === 0) continue;
      judge(device, isInterpolated(device.value), users.every((u) => u.m.readOnly), users[0]!.s.name, report);
    }
  },
};

function judge(source: Str, interpolated: boolean, readOnly: boolean, service: string, report: Reporter): void {
  const path = normalize(source.value);
  // Of interpolated sources only `$HOME` is known: the user's home, wherever Compose runs.
  if (interpolated && path.replace(HOME, '').includes('$')) return;
  if (RUNTIME_SOCKET.test(path)) return; // CGC008 reports runtime sockets
  if (readOnly && BENIGN_READ_ONLY.some((b) => under(path, b))) return;
  if (!sensitive(path)) return;
  // Read-only, a system tree is what monitoring and log agents read (`/:/hostfs:ro`, `/proc:/host/proc:ro`): medium.
  // A home or its credential directories are read for their credentials: high either way.
  const severity = readOnly && !READ_FOR_CREDENTIALS.test(path) ? { severity: 'medium' as const } : {};
  report({ range: source.range, messageId: readOnly ? 'readOnly' : 'default', data: { service, path: source.value }, ...severity });
}

/** Top-level volumes whose data lives in a host directory they name: the local driver's `device` with a `bind` in
 * `o`, and the local-persist plugin's `mountpoint`. */
function hostBackedVolumes(doc: ComposeDoc): [string, Str][] {
  const section = doc.volumes.pair?.value;
  if (section?.kind !== 'map') return [];
  return section.pairs.flatMap((p) => {
    const driver = text(get(p.value, 'driver')) ?? 'local';
    const opts = get(p.value, 'driver_opts');
    const bind = driver === 'local' && (text(get(opts, 'o')) ?? '').split(',').some((o) => ['bind', 'rbind'].includes(o.trim()));
    const device = bind ? str(get(opts, 'device')) : driver === 'local-persist' ? str(get(opts, 'mountpoint')) : undefined;
    return device ? [[p.key, device] as [string, Str]] : [];
  });
}

/** Paths a read-only mount still leaks credentials from: `/root` and homes (`/home`, `/Users`, `~`, `$HOME`). */
const READ_FOR_CREDENTIALS = /^(?:\/root|\/home|\/Users|~|\$HOME|\$\{HOME\})(?:\/|$)/;
