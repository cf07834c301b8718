// CGC009: a sensitive host directory bind-mounted into a service.
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
      'are not reported.',
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
        const path = normalize(m.source.value);
        // Of interpolated sources only `$HOME` is known: the user's home, wherever Compose runs.
        if (m.interpolated && path.replace(HOME, '').includes('$')) continue;
        if (RUNTIME_SOCKET.test(path)) continue; // CGC008 reports runtime sockets
        if (m.readOnly && BENIGN_READ_ONLY.some((b) => under(path, b))) continue;
        if (!sensitive(path)) continue;
        // Read-only, a system tree is what monitoring and log agents read (`/:/hostfs:ro`, `/proc:/host/proc:ro`): medium.
        // A home or its credential directories are read for their credentials: high either way.
        const severity = m.readOnly && !READ_FOR_CREDENTIALS.test(path) ? { severity: 'medium' as const } : {};
        report({ range: m.source.range, messageId: m.readOnly ? 'readOnly' : 'default', data: { service: s.name, path: m.source.value }, ...severity });
      }
    }
  },
};

/** Paths a read-only mount still leaks credentials from: `/root` and homes (`/home`, `/Users`, `~`, `$HOME`). */
const READ_FOR_CREDENTIALS = /^(?:\/root|\/home|\/Users|~|\$HOME|\$\{HOME\})(?:\/|$)/;
