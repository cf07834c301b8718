import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './syntax-error.ts';

const job = (body: string, on = 'push') => `on: ${on}\njobs:\n  j:\n${body}`;
const steps = '    steps:\n      - run: echo\n';

const step = (run: string) => `on: push\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: ${run}\n`;

testRule(workflowAnalyzer, rule, {
  valid: [
    // Schema: expressions where the schema allows them, with the contexts it allows there; `${{ 'x' }}` is a string.
    job(`    runs-on: ubuntu-24.04\n    timeout-minutes: \${{ matrix.t }}\n    if: github.event_name == 'push' && success()\n${steps}`),
    `on: push\nenv:\n  A: \${{ 'x' }}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n${steps}`,
    // Corrections of GitHub's schema: both run on GitHub (actionlint's testdata/ok).
    'on: [repository_dispatch]\njobs:\n  j:\n    runs-on: x\n    steps: [{run: a}]\n',
    'on:\n  workflow_dispatch:\n    inputs:\n      level:\njobs:\n  j:\n    runs-on: x\n    steps: [{run: a}]\n',
    // Permission scopes and levels are CGW026's (invalid-permission), not reported twice.
    `on: push\npermissions:\n  pull-request: write\njobs:\n  j:\n    runs-on: x\n${steps}`,
    job(`    uses: o/r/.github/workflows/w.yml@v1\n    with:\n      a: 1\n    secrets: inherit\n`),
    step('echo ${{ github.sha }}'), step("echo ${{ format('{0}}}', github.ref) }}"), step('echo "${{ fromJSON(steps.a.outputs.m).x[0] }}"')],
  invalid: [
    { code: step('echo ${{ github.ref == }}'), errors: [{ line: 6, column: 19, endLine: 6, endColumn: 39, message: 'Invalid expression: unexpected end of the expression' }] },
    { code: step('echo ${{ github.ref ++ 1 }}'), errors: [{ line: 6, column: 34, endColumn: 35, message: 'unexpected character "+"' }] },
    { code: step("echo ${{ 'open }}"), errors: [{ line: 6, column: 19, endColumn: 22, message: 'unclosed "${{"' }], name: 'a quote keeps the braces open' },
    { code: 'on: push\njobs: [\n', errors: [{ line: 3, column: 1, message: 'Invalid YAML' }] },
    { code: '', errors: [{ line: 1, column: 1, endLine: 1, endColumn: 1, message: 'is empty' }] },
    { code: 'name: ci\non: push\n', errors: [{ line: 1, column: 1, endLine: 1, endColumn: 5, message: 'no `jobs:`' }], name: 'no jobs' },
    { code: 'jobs:\n  a:\n    runs-on: x\n    steps: [{run: a}]\n', errors: [{ line: 1, column: 1, endLine: 1, endColumn: 5, message: 'no `on:`' }], name: 'no trigger' },
    // Schema: each problem at the key, value or expression at fault.
    { code: job(`    runs-on: ubuntu-24.04\n    runs_on: x\n${steps}`), errors: [{ line: 5, column: 5, endLine: 5, endColumn: 12, message: 'Unknown key `runs_on` here; expected one of `cancel-timeout-minutes`' }], name: 'unknown key' },
    { code: job(`    Runs-On: ubuntu-24.04\n${steps}`), errors: [{ line: 4, column: 5, endColumn: 12, message: 'keys are case-sensitive: `runs-on`' }], name: 'keys are case-sensitive' },
    { code: job(`    runs-on: ubuntu-24.04\n    RUNS-ON: x\n${steps}`), errors: [{ line: 5, column: 5, endColumn: 12, message: 'Key `RUNS-ON` repeats `runs-on`' }], name: 'keys collide regardless of case' },
    { code: `on: push\nenv:\n  ss: a\n  Ab: c\n  \u00df: b\n  aB: d\njobs:\n  j:\n    runs-on: x\n${steps}`, errors: [{ line: 5, column: 3, endColumn: 4, message: 'Key `\u00df` repeats `ss`' }, { line: 6, column: 3, endColumn: 5, message: 'Key `aB` repeats `Ab`' }], name: 'keys collide by their upper case, whose length may differ (ß is SS)' },
    { code: job(steps), errors: [{ line: 3, column: 3, endLine: 3, endColumn: 4, message: '`runs-on:` is required here' }], name: 'missing required key, at the job' },
    { code: job('    runs-on: x\n    steps:\n      - run: echo\n        uses: actions/checkout@v4\n'), errors: [{ line: 6, column: 9, endColumn: 12, message: 'Unknown key `run` here; expected one of `continue-on-error`' }], name: 'run and uses: the uses step decides' },
    { code: job('    with: {a: 1}\n    runs-on: x\n    steps: [{run: a}]\n'), errors: [{ line: 4, column: 5, endColumn: 9, message: 'Unknown key `with`' }], name: 'with on a job that runs on a runner' },
    { code: job('    runs-on: x\n    steps:\n      - name: x\n'), errors: [{ line: 6, column: 9, endColumn: 16, message: 'GitHub cannot tell what this is: add one of `run`, `uses`.' }], name: 'a step with neither run nor uses' },
    { code: job(`    runs-on: x\n    continue-on-error: maybe\n${steps}`), errors: [{ line: 5, column: 24, endColumn: 29, message: 'Unexpected value "maybe" here; expected a boolean.' }], name: 'wrong scalar' },
    { code: job('    runs-on: x\n    steps: echo\n'), errors: [{ line: 5, column: 12, endColumn: 16, message: 'expected a sequence' }], name: 'scalar for a sequence' },
    { code: job(`    runs-on: x\n${steps}`, '\n  push:\n    branch: [main]'), errors: [{ line: 3, column: 5, endColumn: 11, message: 'Unknown key `branch`' }], name: 'event filter' },
    { code: job(`    runs-on: x\n${steps}`, '\n  issues:\n    types: [open]'), errors: [{ line: 3, column: 13, endColumn: 17, message: 'Unexpected value "open" here; expected one of `opened`' }], name: 'activity type' },
    { code: job(`    runs-on: x\n${steps}`, 'pushh'), errors: [{ line: 1, column: 5, endColumn: 10, message: 'Unexpected value "pushh"' }], name: 'unknown event' },
    { code: job(`    if: \${{ secrets.TOKEN != '' }}\n    runs-on: x\n${steps}`), errors: [{ line: 4, column: 13, endColumn: 20, message: 'Context `secrets` is not available here (available: `github`, `inputs`, `vars`, `needs`)' }], name: 'context availability' },
    { code: job(`    if: env.X == '1'\n    runs-on: x\n${steps}`), errors: [{ line: 4, column: 9, endColumn: 12, message: 'Context `env` is not available here' }], name: 'a bare if: is an expression too' },
    { code: job(`    if: github.ref ==\n    runs-on: x\n${steps}`), errors: [{ line: 4, column: 9, endColumn: 22, message: 'Invalid expression: unexpected end of the expression' }], name: 'a bare if: that does not parse' },
    {
      code: job(`    runs-on: x\n    steps:\n      - run: echo \${{ hashFiles() }} \${{ foo(1) }} \${{ always() }}\n`, '\n  push:\n    branches: ["${{ github.ref }}"]'),
      errors: [
        { line: 3, column: 17, endColumn: 34, message: 'A `${{ }}` expression is not allowed here' },
        { line: 8, column: 23, endColumn: 34, message: 'Function `hashFiles()` takes 1 to 255 argument(s), not 0.' },
        { line: 8, column: 42, endColumn: 48, message: 'Unknown function `foo()`' },
        { line: 8, column: 56, endColumn: 64, message: 'Function `always()` is not available here' },
      ],
      name: 'expressions where none is allowed, functions',
    },
    { code: 'on: push\njobs: {}\n---\non: pull_request\n', errors: [{ line: 3, column: 1, endColumn: 4, message: 'second document' }] },
    { code: 'on: push\ndefaults:\n  RUN:\n  run:\n    SHELL: bash\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n', errors: [{ line: 3, column: 3, endColumn: 6, message: 'Unknown key `RUN`' }, { line: 4, column: 3, endColumn: 6, message: 'Key `run` repeats `RUN`' }, { line: 5, column: 5, endColumn: 10, message: 'Unknown key `SHELL`' }], name: 'the value of a key repeated in another case is still checked' },
  ],
});
