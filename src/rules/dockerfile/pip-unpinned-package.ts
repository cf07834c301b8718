// CGD116: `pip install <package>` without a version.
import { pipCalls, toolCalls } from '../../analyzers/dockerfile/query-packages.ts';
import { hasOption } from '../../analyzers/dockerfile/query.ts';
import { hadolintRef } from './support.ts';
import type { DockerfileRule } from './support.ts';

/** pip's own build tooling: upgrading it unpinned is common practice and does not end up in the application. */
const TOOLING = new Set(['pip', 'setuptools', 'wheel']);
/** A requirement with any version specifier (`==`, `~=`, `>=`, `<`, `!=`, `===`) or a direct reference (`@ url`). */
const CONSTRAINED = /[=<>~!@]/;

/** A VCS requirement (`git+https://host/repo.git@v1.2#egg=x`): pinned by the `@<ref>` after the repository path. */
const VCS = /^(git|hg|svn|bzr)\+[a-z]+:\/\/[^/]*(\/[^#]*)?/;
/** pipx options that take a separate value. */
const PIPX_VALUE_OPTIONS = ['--python', '--pip-args', '--index-url', '-i', '--suffix', '--spec', '--preinstall', '--backend'];

/** Whether a requirement operand pins nothing: a bare name, or a VCS URL without a ref. */
function unpinned(v: string): boolean {
  const vcs = VCS.exec(v);
  if (vcs) return !(vcs[2] ?? '').includes('@');
  // Versions and direct references pin; paths (`./pkg`, `pkg/sub`: a requirement name has no slash), URLs and archives are no index packages.
  if (CONSTRAINED.test(v) || /^[./~]/.test(v) || v.includes('/') || v.includes('://') || /\.(whl|zip|tar\.gz|tgz)$/.test(v)) return false;
  return !TOOLING.has(v.replace(/\[.*\]$/, '').toLowerCase());
}

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD116',
    name: 'pip-unpinned-package',
    target: 'dockerfile',
    title: '`pip install` of a package without a version',
    description:
      'An unpinned `pip install flask` installs whatever PyPI serves at build time: rebuilds of the same commit ' +
      'differ, a breaking release breaks the image, and a compromised or typo-squatted release is pulled in ' +
      'automatically. Requirements files (`-r`), constraints files (`-c`), local paths and URLs are not reported; ' +
      'neither are `pip`, `setuptools` and `wheel` themselves.',
    severity: 'low',
    severityContext: [
      'Unpinned packages are hygiene for the policy: rebuilds may differ, but the package name (what typo-squatting attacks) is reviewed.',
      'hadolint rates it a warning.',
    ],
    category: 'supply-chain',
    cwe: ['CWE-1357'],
    references: [hadolintRef('DL3013'), 'https://pip.pypa.io/en/stable/topics/repeatable-installs/'],
    remediation: 'Pin the version (`flask==3.0.3`), or install from a requirements/lock file: `pip install -r requirements.txt`.',
    equivalents: ['hadolint:DL3013', 'kics:02d9c71f-3ee8-4986-9c27-1a20d0d19bfc'],
    messages: { default: '`{{package}}` is installed without a version: pin it (`{{package}}==<version>`) or use a requirements file.' },
    examples: {
      bad: ['FROM python:3.12\nRUN pip install --no-cache-dir flask\n'],
      good: ['FROM python:3.12\nRUN pip install --no-cache-dir flask==3.0.3\n', 'FROM python:3.12\nRUN pip install --no-cache-dir -r requirements.txt\n'],
    },
  },
  check(doc, report) {
    for (const call of pipCalls(doc, ['install'])) {
      if (hasOption(call.cmd, '-c', '--constraint')) continue;
      for (const w of call.operands) if (!w.dynamic && unpinned(w.value)) report({ range: w.range, data: { package: w.value } });
    }
    // pipx installs each application into its own environment from the same index: the same pinning applies.
    for (const call of toolCalls(doc, ['pipx'], ['install'], PIPX_VALUE_OPTIONS)) {
      if (hasOption(call.cmd, '--spec')) continue;
      for (const w of call.operands) if (!w.dynamic && unpinned(w.value)) report({ range: w.range, data: { package: w.value } });
    }
  },
};
