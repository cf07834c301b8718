// CGW025: `fromJSON(secrets.X)` with a field taken out of it: the field's value is not masked in logs.
import { contextPath, walk } from '../../analyzers/github-workflow/expression.ts';
import type { Expr } from '../../analyzers/github-workflow/expression.ts';
import type { GhaRule } from './support.ts';
import { SECURE_USE } from './support.ts';

/** `fromJSON(secrets.X)`. */
function parsesSecret(e: Expr): boolean {
  return e.kind === 'call' && e.name.toLowerCase() === 'fromjson' && e.args.length === 1 && (contextPath(e.args[0]!) ?? '').startsWith('secrets.');
}

export const rule: GhaRule = {
  meta: {
    id: 'CGW025',
    name: 'secret-field-unmasked',
    target: 'github-workflow',
    title: 'Field of a JSON secret used: not masked in logs',
    description:
      'GitHub masks a secret\'s whole value in logs, not the parts of it. A secret holding JSON and read as ' +
      '`fromJSON(secrets.CONFIG).password` yields a value the runner never registered: any step that prints it ' +
      '(a debug line, an error message, `set -x`) writes the password into the log in clear.',
    severity: 'medium',
    category: 'secrets',
    cwe: ['CWE-532'],
    references: [`${SECURE_USE}#using-secrets`],
    remediation: 'Store each credential as a secret of its own (`secrets.DB_PASSWORD`), or register the field as a mask before use: `echo "::add-mask::$FIELD"`.',
    equivalents: ['zizmor:unredacted-secrets'],
    messages: {
      default: 'This field of a JSON secret is not masked: printed, it appears in the log in clear.',
      whole: 'The parsed JSON secret is not masked: its text differs from the secret\'s as registered, so printed, it appears in the log in clear.',
    },
    examples: {
      bad: ['on: push\npermissions: {}\njobs:\n  deploy:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: ./deploy.sh\n        env:\n          DB_PASSWORD: ${{ fromJSON(secrets.DEPLOY_CONFIG).db_password }}\n'],
      good: ['on: push\npermissions: {}\njobs:\n  deploy:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: ./deploy.sh\n        env:\n          DB_PASSWORD: ${{ secrets.DB_PASSWORD }}\n'],
    },
  },
  check(doc, report) {
    for (const e of doc.expressions) {
      if (!e.expression.expr) continue;
      // `${{ fromJSON(secrets.x) }}` whole: the value rendered is the parsed one (a string without its quotes, an
      // object re-serialised), not the secret's text that the runner masks.
      if (parsesSecret(e.expression.expr)) report({ range: e.rangeOf(e.expression.expr), messageId: 'whole' });
      walk(e.expression.expr, (n) => {
        if ((n.kind === 'property' || n.kind === 'index') && parsesSecret(n.object)) report({ range: e.rangeOf(n) });
      });
    }
  },
};
