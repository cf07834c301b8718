// CGW058: a secret expanded into the command line of curl or wget in a `run:` script.
import { walk } from '../../analyzers/github-workflow/expression.ts';
import type { Range } from '../../core/types.ts';
import type { GhaRule } from './support.ts';
import { SECURE_USE } from './support.ts';
import { runCommands } from './run-commands.ts';

/** Whether `inner` lies inside `outer` (positions compared as line, then column). */
function within(inner: Range, outer: Range): boolean {
  const le = (l1: number, c1: number, l2: number, c2: number) => l1 < l2 || (l1 === l2 && c1 <= c2);
  return le(outer.start_line, outer.start_column, inner.start_line, inner.start_column) && le(inner.end_line, inner.end_column, outer.end_line, outer.end_column);
}

const SENDERS = new Set(['curl', 'wget', 'http', 'https', 'nc', 'ncat']);

export const rule: GhaRule = {
  meta: {
    id: 'CGW058',
    name: 'secret-in-download-command',
    target: 'github-workflow',
    title: 'Secret pasted into a curl or wget command line',
    description:
      '`curl -H "Authorization: ${{ secrets.TOKEN }}" …` pastes the secret into the script file GitHub writes on ' +
      'the runner and into the process\'s command line, which every other process of the job can read; and it is ' +
      'the very shape of an exfiltration step (the secret sent to an address the workflow names). Passing it through ' +
      '`env:` and reading `"$TOKEN"` keeps it out of both. Medium.',
    severity: 'medium',
    category: 'secrets',
    cwe: ['CWE-214', 'CWE-200'],
    references: [`${SECURE_USE}#using-secrets`],
    remediation: 'Map the secret into the step\'s `env:` and use the variable, quoted: `curl -H "Authorization: Bearer $TOKEN" …` with `env: { TOKEN: ${{ secrets.TOKEN }} }`; better, read it from a file (`curl -H @header-file`).',
    equivalents: ['checkov:CKV_GHA_3'],
    messages: { default: '{{tool}} gets a secret on its command line; pass it through env: instead.' },
    examples: {
      bad: ['on: push\npermissions: {}\njobs:\n  notify:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: |\n          curl -fsS -H "Authorization: Bearer ${{ secrets.DEPLOY_TOKEN }}" https://deploy.example.com/hooks/app\n'],
      good: ['on: push\npermissions: {}\njobs:\n  notify:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: |\n          curl -fsS -H "Authorization: Bearer $DEPLOY_TOKEN" https://deploy.example.com/hooks/app\n        env:\n          DEPLOY_TOKEN: ${{ secrets.DEPLOY_TOKEN }}\n'],
    },
  },
  check(doc, report) {
    const commands = runCommands(doc).filter((c) => SENDERS.has(c.name));
    if (commands.length === 0) return;
    for (const e of doc.expressions) {
      if (!e.expression.expr || !e.step?.run) continue;
      let secret = false;
      walk(e.expression.expr, (n) => {
        if (n.kind === 'context' && n.name.toLowerCase() === 'secrets') secret = true;
      });
      if (!secret) continue;
      const cmd = commands.find((c) => c.step === e.step && c.args.some((w) => within(e.range, w.range)));
      if (cmd) report({ range: e.range, data: { tool: cmd.name } });
    }
  },
};
