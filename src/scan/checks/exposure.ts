// Files that must never be served: secrets, repositories, container configuration, status pages, backups.
// A hit needs a 200, the file type's content signature, and a body unlike the site's answer for a random path
// (soft-404 sites answer 200 for everything). Evidence names the path and signature only, never contents.
import type { Evidence, ExposureKind, Page } from '../evidence.ts';
import type { Check } from './check.ts';
import { outcome, scanRule } from './check.ts';

export const EXPOSURE_PROBES: ReadonlyArray<{ path: string; kind: ExposureKind }> = [
  { path: '/.env', kind: 'env' },
  { path: '/.git/config', kind: 'git-config' },
  { path: '/.git/HEAD', kind: 'git-head' },
  { path: '/docker-compose.yml', kind: 'compose' },
  { path: '/compose.yaml', kind: 'compose' },
  { path: '/Dockerfile', kind: 'dockerfile' },
  { path: '/.dockerignore', kind: 'dockerignore' },
  { path: '/server-status', kind: 'server-status' },
  { path: '/.DS_Store', kind: 'ds-store' },
  { path: '/backup.zip', kind: 'zip' },
  { path: '/backup.tar.gz', kind: 'gzip' },
  { path: '/db.sql', kind: 'sql' },
  { path: '/backup.sql', kind: 'sql' },
];

function notHtml(body: string): boolean {
  return !/<(!doctype|html|head|body)\b/i.test(body.slice(0, 2048));
}

/** Content signatures per kind: what the real file looks like, so an HTML error page never counts. */
const SIGNATURES: Record<ExposureKind, (p: Page) => boolean> = {
  env: (p) => notHtml(p.body) && /^\s*(export\s+)?[A-Z_][A-Z0-9_]*\s*=/m.test(p.body),
  'git-config': (p) => /^\s*\[core\]/m.test(p.body),
  'git-head': (p) => /^ref: refs\/|^[0-9a-f]{40}\s*$/.test(p.body),
  compose: (p) => notHtml(p.body) && /^services\s*:/m.test(p.body),
  dockerfile: (p) => notHtml(p.body) && /^\s*FROM\s+\S+/im.test(p.body),
  dockerignore: (p) => notHtml(p.body) && p.body.trim() !== '' && p.body.split(/\r?\n/).every((l) => /^[\w.*!#/\s?[\]-]*$/.test(l)),
  'server-status': (p) => /Apache Server Status|Server uptime|Total accesses/i.test(p.body),
  'ds-store': (p) => p.head.startsWith('0000000142756431'),
  zip: (p) => p.head.startsWith('504b0304'),
  gzip: (p) => p.head.startsWith('1f8b'),
  sql: (p) => notHtml(p.body) && /(CREATE TABLE|INSERT INTO|-- MySQL dump|PostgreSQL database dump)/i.test(p.body),
};

/** Whether a probed path really serves the file: status 200, the signature, and not the random-path answer. */
export function isExposed(kind: ExposureKind, page: Page, notFound: Evidence['notFound']): boolean {
  if (page.status !== 200 || !SIGNATURES[kind](page)) return false;
  return !(notFound.ok && notFound.value.status === 200 && notFound.value.body === page.body);
}

function exposureCheck(rule: ReturnType<typeof scanRule>, title: string, kinds: readonly ExposureKind[]): Check {
  return {
    id: rule.name,
    area: 'exposure',
    title,
    rule,
    run: (e) => {
      const probes = e.exposure.filter((p) => kinds.includes(p.kind));
      const hits = probes.filter((p) => p.result.ok && isExposed(p.kind, p.result.value, e.notFound));
      if (hits.length > 0) {
        const paths = hits.map((h) => h.path).join(', ');
        return outcome('fail', `served with a matching signature: ${paths} (contents not shown)`, { data: { paths }, url: `https://${e.domain}${hits[0]?.path ?? '/'}` });
      }
      const failed = probes.filter((p) => !p.result.ok);
      if (failed.length === probes.length) return outcome('error', `no probe completed: ${failed[0]?.result.ok === false ? failed[0].result.error : ''}`);
      const notes = failed.length > 0 ? `; undetermined: ${failed.map((p) => p.path).join(', ')}` : '';
      return outcome('pass', `not served: ${probes.filter((p) => p.result.ok).map((p) => p.path).join(', ')}${notes}`);
    },
  };
}

const common = { category: 'security' as const, equivalents: [] };

export const envExposureCheck = exposureCheck(scanRule({
  ...common,
  id: 'CGS028',
  name: 'exposed-env-file',
  title: 'Environment file publicly served',
  description: 'A served `.env` file usually holds database passwords, API keys and signing secrets.',
  severity: 'critical',
  category: 'secrets',
  cwe: ['CWE-538', 'CWE-200'],
  references: ['https://owasp.org/www-project-top-ten/2017/A3_2017-Sensitive_Data_Exposure'],
  remediation: 'Stop serving the file (keep it outside the web root, deny dotfiles), then rotate every secret it contained.',
  messages: { default: 'The web server serves {{paths}}.' },
}), 'Exposed .env file', ['env']);

export const gitExposureCheck = exposureCheck(scanRule({
  ...common,
  id: 'CGS029',
  name: 'exposed-git-repository',
  title: 'Git repository publicly served',
  description: 'A served `.git` directory lets anyone download the source code and its history, including secrets ever committed.',
  severity: 'critical',
  cwe: ['CWE-527'],
  references: ['https://owasp.org/www-project-web-security-testing-guide/'],
  remediation: 'Deny access to /.git on the web server and deploy without the repository metadata; rotate secrets from its history.',
  messages: { default: 'The web server serves {{paths}}.' },
}), 'Exposed .git repository', ['git-config', 'git-head']);

export const containerExposureCheck = exposureCheck(scanRule({
  ...common,
  id: 'CGS030',
  name: 'exposed-container-config',
  title: 'Container configuration publicly served',
  description: 'A served Dockerfile or compose file reveals the stack, internal service names and often credentials in environment variables.',
  severity: 'high',
  cwe: ['CWE-538'],
  references: ['https://docs.docker.com/build/concepts/context/#dockerignore-files'],
  remediation: 'Keep build files out of the web root (copy only the built site into the image) and review them for secrets.',
  messages: { default: 'The web server serves {{paths}}.' },
}), 'Exposed Dockerfile/compose files', ['compose', 'dockerfile', 'dockerignore']);

export const serverStatusExposureCheck = exposureCheck(scanRule({
  ...common,
  id: 'CGS031',
  name: 'exposed-server-status',
  title: 'Server status page public',
  description: 'Apache mod_status shows client addresses, requested URLs and server internals to anyone.',
  severity: 'medium',
  cwe: ['CWE-200'],
  references: ['https://httpd.apache.org/docs/current/mod/mod_status.html'],
  remediation: 'Restrict /server-status to localhost or an admin network.',
  messages: { default: 'The web server serves {{paths}}.' },
}), 'Exposed server-status', ['server-status']);

export const dsStoreExposureCheck = exposureCheck(scanRule({
  ...common,
  id: 'CGS032',
  name: 'exposed-ds-store',
  title: '.DS_Store file publicly served',
  description: 'A macOS .DS_Store file lists the names of files in its directory, including ones not linked anywhere.',
  severity: 'low',
  cwe: ['CWE-538'],
  references: ['https://en.wikipedia.org/wiki/.DS_Store'],
  remediation: 'Delete .DS_Store files from the deployment and deny dotfiles on the web server.',
  messages: { default: 'The web server serves {{paths}}.' },
}), 'Exposed .DS_Store', ['ds-store']);

export const backupExposureCheck = exposureCheck(scanRule({
  ...common,
  id: 'CGS033',
  name: 'exposed-backup',
  title: 'Backup or database dump publicly served',
  description: 'Archives and SQL dumps in the web root give away source code, user data and credentials.',
  severity: 'critical',
  category: 'secrets',
  cwe: ['CWE-530'],
  references: ['https://owasp.org/www-project-web-security-testing-guide/'],
  remediation: 'Remove backups from the web root, store them encrypted elsewhere, and rotate what they contained.',
  messages: { default: 'The web server serves {{paths}}.' },
}), 'Exposed backups and dumps', ['zip', 'gzip', 'sql']);
