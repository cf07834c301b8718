// CGW024: a fork-triggered workflow's script writes values it does not know to $GITHUB_ENV or $GITHUB_PATH.
import { scriptCommands } from './run-commands.ts';
import type { GhaRule } from './support.ts';
import { ghDocs, PRIVILEGED_FORK_TRIGGERS, triggeredBy } from './support.ts';

/** `$GITHUB_ENV`, `${GITHUB_ENV}`, and the same for GITHUB_PATH (quotes are already removed from the value). */
function envFile(value: string): string | undefined {
  const m = /^\$\{?(GITHUB_ENV|GITHUB_PATH)\}?$/.exec(value);
  return m?.[1];
}

export const rule: GhaRule = {
  meta: {
    id: 'CGW024',
    name: 'github-env-write',
    target: 'github-workflow',
    title: 'Unknown value written to GITHUB_ENV in a fork-triggered workflow',
    description:
      'Lines appended to `$GITHUB_ENV` become environment variables of every later step, and lines of `$GITHUB_PATH` ' +
      'come first in its PATH. On `pull_request_target` or `workflow_run`, a value the script computes — from a file ' +
      'of the pull request, an artifact, an API answer — is the fork author\'s to choose: `BASH_ENV`, `LD_PRELOAD`, ' +
      '`NODE_OPTIONS` or a directory of their binaries then runs their code in the privileged steps that follow.',
    severity: 'high',
    category: 'security',
    cwe: ['CWE-454', 'CWE-94'],
    references: [ghDocs('reference/workflows-and-actions/workflow-commands#setting-an-environment-variable'), 'https://securitylab.github.com/resources/github-actions-untrusted-input/'],
    remediation: 'Pass the value to the one step that needs it through `env:` or a step output (`$GITHUB_OUTPUT`), and validate it there; never let untrusted data name variables or PATH entries.',
    equivalents: ['zizmor:github-env'],
    messages: { default: 'On {{trigger}}, this script writes a value it does not know to ${{file}}: whoever controls the value sets the environment of the later steps.' },
    examples: {
      bad: ['on: workflow_run\npermissions: {}\njobs:\n  report:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: cat pr-env.txt >> "$GITHUB_ENV"\n      - run: ./report.sh\n'],
      good: ['on: workflow_run\npermissions: {}\njobs:\n  report:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo "REPORT_MODE=full" >> "$GITHUB_ENV"\n      - run: ./report.sh\n'],
    },
  },
  check(doc, report) {
    if (!triggeredBy(doc, ...PRIVILEGED_FORK_TRIGGERS)) return;
    const trigger = doc.on.find((t) => PRIVILEGED_FORK_TRIGGERS.includes(t.name))!.name;
    for (const step of doc.steps) {
      const script = step.run?.script;
      if (!script) continue;
      for (const c of scriptCommands(doc, script)) {
        for (const r of c.redirects) {
          const file = r.target && (r.op === '>>' || r.op === '>') ? envFile(r.target.value) : undefined;
          if (!file) continue;
          // `echo NAME=constant` writes what the file says; anything else (a variable, a substitution, a file's
          // content, another program's output) is not known here.
          const constant = ['echo', 'printf'].includes(c.words[0]?.value ?? '') && c.words.every((w) => !w.dynamic);
          if (!constant) report({ range: r.range, data: { trigger, file } });
        }
      }
    }
  },
};
