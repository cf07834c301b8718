// CGW060: an access token or private key of a known format written in the workflow.
import type { YNode } from '../../analyzers/yaml/yaml-tree.ts';
import type { GhaRule } from './support.ts';
import { SECURE_USE } from './support.ts';

/** Token formats whose shape alone says they are live credentials (their issuers' documented prefixes). */
const TOKENS: readonly [string, RegExp][] = [
  ['GitHub token', /\b(?:gh[pousr]_[A-Za-z0-9]{36}|github_pat_[A-Za-z0-9_]{60,})\b/],
  ['GitLab token', /\bglpat-[A-Za-z0-9_-]{20}\b/],
  ['npm token', /\bnpm_[A-Za-z0-9]{36}\b/],
  ['PyPI token', /\bpypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,}/],
  ['Slack token', /\bxox[baprs]-[A-Za-z0-9-]{10,}/],
  ['Stripe live key', /\b[sr]k_live_[A-Za-z0-9]{20,}\b/],
  ['Google API key', /\bAIza[0-9A-Za-z_-]{35}\b/],
  ['private key', /-----BEGIN (?:[A-Z]+ )?PRIVATE KEY-----/],
];

export const rule: GhaRule = {
  meta: {
    id: 'CGW060',
    name: 'hardcoded-token',
    target: 'github-workflow',
    title: 'Access token or private key written in the workflow',
    description:
      'A value with the shape of a live credential — a GitHub, GitLab, npm, PyPI or Slack token, a Stripe live ' +
      'key, a Google API key, a PEM private key — written in an `env:`, a `with:` input or a script is readable by ' +
      'everyone who can read the repository, and stays in its history after it is removed. High: rotate it.',
    severity: 'high',
    category: 'secrets',
    cwe: ['CWE-798'],
    references: [`${SECURE_USE}#using-secrets`],
    remediation: 'Revoke and rotate the credential now; store the new one as an encrypted secret and pass `${{ secrets.NAME }}`.',
    equivalents: [],
    messages: { default: 'A {{kind}} is written in the workflow: rotate it and use ${{ secrets.* }}.' },
    examples: {
      bad: ['on: push\npermissions: {}\njobs:\n  publish:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: npm publish\n        env:\n          NODE_AUTH_TOKEN: npm_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8\n'],
      good: ['on: push\npermissions: {}\njobs:\n  publish:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: npm publish\n        env:\n          NODE_AUTH_TOKEN: ${{ secrets.NPM_TOKEN }}\n'],
    },
  },
  check(doc, report) {
    const visit = (node: YNode | undefined): void => {
      if (!node) return;
      if (node.kind === 'map') for (const p of node.pairs) visit(p.value);
      else if (node.kind === 'seq') for (const item of node.items) visit(item);
      else if (typeof node.value === 'string') {
        const hit = TOKENS.find(([, re]) => re.test(node.value as string));
        if (hit) report({ range: node.range, data: { kind: hit[0] } });
      }
    };
    visit(doc.root);
  },
};
