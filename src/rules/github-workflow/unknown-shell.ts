// CGW028: a `shell:` GitHub does not know: neither one of its built-in shells nor a command template with `{0}`.
import { get, str } from '../../analyzers/yaml/yaml-tree.ts';
import type { Str } from '../../analyzers/yaml/yaml-tree.ts';
import type { GhaRule } from './support.ts';
import { WORKFLOW_SYNTAX } from './support.ts';

/** The shells GitHub runs by name (workflow syntax, `jobs.<job_id>.steps[*].shell`). */
const BUILT_IN = ['bash', 'pwsh', 'python', 'sh', 'cmd', 'powershell'];

export const rule: GhaRule = {
  meta: {
    id: 'CGW028',
    name: 'unknown-shell',
    target: 'github-workflow',
    title: 'Unknown shell for run: steps',
    description:
      'GitHub runs a `run:` script with one of its built-in shells (`bash`, `pwsh`, `python`, `sh`, `cmd`, ' +
      '`powershell`) or with a command template holding `{0}`, the path of the script file (`perl {0}`). Any other ' +
      'value — a typo such as `bsh`, or `zsh` without `{0}` — makes the workflow invalid: the run fails before any ' +
      'job starts. A bug that breaks the run: high.',
    severity: 'high',
    category: 'correctness',
    references: [`${WORKFLOW_SYNTAX}#jobsjob_idstepsshell`, `${WORKFLOW_SYNTAX}#defaultsrunshell`],
    remediation: 'Name a built-in shell (`shell: bash`), or give the command with `{0}` where the script file goes (`shell: zsh {0}`).',
    equivalents: ['actionlint:shell-name'],
    messages: { default: 'Unknown shell "{{shell}}": use bash, pwsh, python, sh, cmd or powershell, or a command with {0} for the script file.' },
    examples: {
      bad: ['on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n        shell: bsh\n'],
      good: ['on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n        shell: bash\n      - run: print 1\n        shell: perl {0}\n'],
    },
  },
  check(doc, report) {
    const shells: Str[] = [];
    const defaults = (node: Parameters<typeof get>[0]) => str(get(get(get(node, 'defaults'), 'run'), 'shell'));
    const top = defaults(doc.root);
    if (top) shells.push(top);
    for (const job of doc.jobs) {
      const d = defaults(job.node);
      if (d) shells.push(d);
    }
    for (const step of doc.steps) if (step.shell) shells.push(step.shell);
    shells.sort((a, b) => a.node.start - b.node.start);
    for (const s of shells) {
      const value = s.value.trim();
      if (value === '' || value.includes('${{') || value.includes('{0}')) continue;
      // The runner looks shells up regardless of case (`PowerShell` is `powershell`).
      if (BUILT_IN.includes(value.toLowerCase())) continue;
      report({ range: s.range, data: { shell: value } });
    }
  },
};
