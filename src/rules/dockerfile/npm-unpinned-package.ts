// CGD119: `npm install <package>` without a version.
import { toolCalls } from '../../analyzers/dockerfile/query-packages.ts';
import { hadolintRef } from './support.ts';
import type { DockerfileRule } from './support.ts';

const NPM_VALUE_OPTIONS = [
  '--prefix', '--registry', '--cache', '--omit', '--include', '-w', '--workspace', '--install-strategy', '--userconfig', '--tag',
  '--loglevel', '--before', '--location', '--os', '--cpu', '--libc', '--otp', '--auth-type',
];
/** A git remote (`git+https://…`, `git+ssh://…`, `git://…`): pinned by its `#<commit-ish>` or `#semver:<range>`. */
const GIT_REMOTE = /^git(\+[a-z]+)?:\/\//;
/** Dist-tags that move with every release: naming one is no pin at all. */
const MOVING_TAGS = new Set(['latest', 'next', 'canary', 'beta', 'alpha', 'rc']);

/** The version part of an npm package spec (`pkg@1.2`, `@scope/pkg@^1`), '' when none; undefined when it is no registry package. */
function versionOf(spec: string): string | undefined {
  // A git remote without a commit-ish installs the default branch's tip.
  if (GIT_REMOTE.test(spec)) return spec.includes('#') ? undefined : '';
  // Paths, tarballs, other URLs and GitHub shorthands (`user/repo`) pin themselves or are not registry packages.
  if (/^[./~]/.test(spec) || spec.includes(':') || /\.(tgz|tar\.gz|tar)$/.test(spec)) return undefined;
  const scoped = spec.startsWith('@');
  const at = spec.indexOf('@', scoped ? 1 : 0);
  const name = at === -1 ? spec : spec.slice(0, at);
  if (name.includes('/') !== scoped) return undefined;
  return at === -1 ? '' : spec.slice(at + 1);
}

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD119',
    name: 'npm-unpinned-package',
    target: 'dockerfile',
    title: '`npm install` of a package without a version',
    description:
      'An unpinned `npm install -g typescript` installs whatever the registry tags `latest` at build time: ' +
      'rebuilds differ, a breaking major release breaks the image, and a compromised release is pulled in ' +
      'automatically. Local paths, tarballs and git URLs are not reported; naming a moving dist-tag such as ' +
      '`@latest` is.',
    severity: 'low',
    severityContext: [
      'Unpinned packages are hygiene for the policy (see CGD116).',
    ],
    category: 'supply-chain',
    cwe: ['CWE-1357'],
    references: [hadolintRef('DL3016'), 'https://docs.npmjs.com/cli/commands/npm-install'],
    remediation: 'Name a version: `npm install -g typescript@5.6.3` (or install from a lockfile with `npm ci`).',
    equivalents: ['hadolint:DL3016', 'kics:e36d8880-3f78-4546-b9a1-12f0745ca0d5'],
    messages: { default: '`{{package}}` is installed without a fixed version: use `{{name}}@<version>`.' },
    examples: {
      bad: ['FROM node:22\nRUN npm install -g pnpm\n'],
      good: ['FROM node:22\nRUN npm install -g pnpm@9.12.0\n'],
    },
  },
  check(doc, report) {
    for (const call of toolCalls(doc, ['npm'], ['install', 'i', 'add'], NPM_VALUE_OPTIONS)) {
      for (const w of call.operands) {
        if (w.dynamic) continue;
        const version = versionOf(w.value);
        if (version === undefined || (version !== '' && !MOVING_TAGS.has(version))) continue;
        const name = version === '' ? w.value : w.value.slice(0, w.value.length - version.length - 1);
        report({ range: w.range, data: { package: w.value, name } });
      }
    }
  },
};
