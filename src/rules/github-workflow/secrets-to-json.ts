// CGW013: `toJSON(secrets)`: every secret of the repository in one value.
import { walk } from '../../analyzers/github-workflow/expression.ts';
import type { GhaRule } from './support.ts';
import { SECURE_USE } from './support.ts';

export const rule: GhaRule = {
  meta: {
    id: 'CGW013',
    name: 'secrets-to-json',
    target: 'github-workflow',
    title: 'Every secret serialised into one value',
    description:
      '`toJSON(secrets)` puts every secret the workflow can see — the repository\'s, the environment\'s and the ' +
      'organisation\'s — into one string, for a step that needs one or two. The step (an action, a script) then holds ' +
      'them all, and GitHub\'s log masking does not recognise secrets inside a JSON document reformatted by a tool.',
    severity: 'high',
    category: 'secrets',
    cwe: ['CWE-200', 'CWE-532'],
    references: [`${SECURE_USE}#using-secrets`],
    remediation: 'Pass the secrets the step needs one by one: `env: { NPM_TOKEN: ${{ secrets.NPM_TOKEN }} }`.',
    equivalents: ['zizmor:overprovisioned-secrets'],
    messages: { default: '`toJSON(secrets)` hands every secret to this step; pass only those it needs.' },
    examples: {
      bad: ['on: push\npermissions: {}\njobs:\n  deploy:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: ./deploy.sh\n        env:\n          SECRETS: ${{ toJSON(secrets) }}\n'],
      good: ['on: push\npermissions: {}\njobs:\n  deploy:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: ./deploy.sh\n        env:\n          DEPLOY_KEY: ${{ secrets.DEPLOY_KEY }}\n'],
    },
  },
  check(doc, report) {
    for (const e of doc.expressions) {
      if (!e.expression.expr) continue;
      walk(e.expression.expr, (n) => {
        if (n.kind === 'call' && n.name.toLowerCase() === 'tojson' && n.args.length === 1 && n.args[0]!.kind === 'context' && n.args[0]!.name.toLowerCase() === 'secrets') report({ range: e.rangeOf(n) });
      });
    }
  },
};
