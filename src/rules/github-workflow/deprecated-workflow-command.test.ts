import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './deprecated-workflow-command.ts';

testRule(workflowAnalyzer, rule, {
  valid: [
    "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo \"x=1\" >> \"$GITHUB_OUTPUT\"\n",
    "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: |\n          # echo ::set-output name=x::1\n          true\n",
    "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: grep \"::set-output\" log.txt\n",
  ],
  invalid: [
    { code: "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo \"::set-output name=x::1\"\n", errors: [{ line: 7, column: 19, endLine: 7, endColumn: 43, message: "deprecated", severity: 'medium' }] },
    { code: "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: |\n          make\n          echo ::save-state name=pid::$PID\n          printf '::set-env name=A::b\\n'\n", errors: [{ line: 9, column: 16, endLine: 9, endColumn: 28, message: "save-state", severity: 'medium' }, { line: 10, column: 18, endLine: 10, endColumn: 41, message: "disabled", severity: 'high' }], name: "block script" },
    { code: "on: push\npermissions: {}\njobs:\n  build:\n    runs-on: ubuntu-24.04\n    steps:\n      - shell: pwsh\n        run: Write-Output \"::add-path::C:\\tools\"\n", errors: [{ line: 8, column: 28, endLine: 8, endColumn: 38, message: "disabled", severity: 'high' }], name: "pwsh scripts are read as text" },
  ],
});
