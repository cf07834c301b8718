import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './unknown-shell.ts';

const wf = (step: string, extra = '') => `on: push\npermissions: {}\n${extra}jobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n${step}`;

testRule(workflowAnalyzer, rule, {
  valid: [
    wf(''),
    wf('        shell: bash\n'),
    wf('        shell: pwsh\n'),
    wf('        shell: cmd\n'),
    wf('        shell: perl {0}\n'),
    wf('        shell: bash --noprofile --norc -eo pipefail {0}\n'),
    wf('        shell: ${{ matrix.shell }}\n'),
    wf('', 'defaults:\n  run:\n    shell: sh\n'),
    // The runner looks shell names up regardless of case (as actionlint's testdata/ok/shell_name_case_insensitive).
    wf('', 'defaults:\n  run:\n    shell: Bash\n'),
    wf('        shell: PowerShell\n'),
  ],
  invalid: [
    { code: wf('        shell: bsh\n'), errors: [{ line: 8, column: 16, endLine: 8, endColumn: 19, message: 'Unknown shell "bsh"' }] },
    { code: wf('        shell: zsh\n'), errors: [{ line: 8, column: 16, endLine: 8, endColumn: 19, message: '"zsh"' }], name: 'a shell that is no built-in, without {0}' },
    { code: wf('', 'defaults:\n  run:\n    shell: Bsh\n'), errors: [{ line: 5, column: 12, endLine: 5, endColumn: 15 }], name: 'workflow defaults' },
    {
      code: 'on: push\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    defaults:\n      run:\n        shell: fish\n    steps:\n      - run: make\n        shell: powershel\n',
      errors: [{ line: 8, column: 16, endLine: 8, endColumn: 20 }, { line: 11, column: 16, endLine: 11, endColumn: 25 }],
      name: 'job defaults and a step',
    },
  ],
});
