// CGW060: an access token or private key of a known format written in the workflow.
import type { YNode, YScalar } from '../../analyzers/yaml/yaml-tree.ts';
import { tokenKind } from '../../core/secret-values.ts';
import type { GhaRule } from './support.ts';
import { SECURE_USE } from './support.ts';

export const rule: GhaRule = {
  meta: {
    id: 'CGW060',
    name: 'hardcoded-token',
    target: 'github-workflow',
    title: 'Access token or private key written in the workflow',
    description:
      'A value with the shape of a live credential — a GitHub, GitLab, npm, PyPI or Slack token, a Stripe live ' +
      'key, a Google, SendGrid, Square, Mailchimp or Amazon MWS key, a PEM private key — written in an `env:`, a `with:` input or a script is readable by ' +
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
    const judge = (node: YScalar & { value: string }): void => {
      const kind = tokenKind(node.value);
      if (kind) report({ range: node.range, data: { kind } });
    };
    // The parser's walk collected every string value already (unless aliases repeat nodes, which a walk meets twice).
    if (doc.stringValues) {
      for (const node of doc.stringValues) judge(node as YScalar & { value: string });
      return;
    }
    const visit = (node: YNode | undefined): void => {
      if (!node) return;
      if (node.kind === 'map') for (const p of node.pairs) visit(p.value);
      else if (node.kind === 'seq') for (const item of node.items) visit(item);
      else if (typeof node.value === 'string') judge(node as YScalar & { value: string });
    };
    visit(doc.root);
  },
};
