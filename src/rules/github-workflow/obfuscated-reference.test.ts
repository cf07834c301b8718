import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './obfuscated-reference.ts';

const wf = (steps: string) => `on: push\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n${steps}`;

testRule(workflowAnalyzer, rule, {
  valid: [
    wf('      - uses: actions/checkout@v4\n      - uses: github/codeql-action/init@v3\n      - uses: ./.github/actions/setup\n'),
    wf('      - run: echo ${{ github.sha }}\n      - run: make\n        if: ${{ true }}\n'),
    wf("      - run: echo ${{ format('{0}', github.ref) }}\n"),
    wf("      - run: echo '${{ '${{' }} matrix.x }}'\n"),
    wf("      - run: echo ${{ format('{0}', github.sha) }} ${{ hashFiles('a') }} ${{ success() }}\n"),
  ],
  invalid: [
    { code: wf('      - uses: actions/checkout/@v4\n'), errors: [{ line: 7, column: 15, message: '"//" segment' }], name: 'a trailing slash' },
    { code: wf("      - run: |\n          echo ${{ true && false }} ${{ format('{0}', 'abc') }}\n          echo ${{ format('{0}, {1}', github.sha, format('{0}', 'abc')) }}\n"), errors: [{ line: 8, column: 20, endColumn: 33, message: 'operators or functions to literals only' }, { line: 8, column: 41, endColumn: 61 }, { line: 9, column: 51, endColumn: 71 }], name: 'reducible expressions and parts' },
    { code: wf('      - uses: actions/checkout/.@v4\n'), errors: [{ line: 7, column: 15, endLine: 7, endColumn: 36, message: 'Action path "actions/checkout/.@v4" has a "." segment' }] },
    { code: wf('      - uses: github/codeql-action//init@v3\n      - uses: actions/cache/../cache@v4\n'), errors: [{ line: 7, column: 15, endLine: 7, endColumn: 44, message: '"//" segment' }, { line: 8, column: 15, endLine: 8, endColumn: 40, message: '".." segment' }], name: 'empty and parent segments' },
    { code: wf("      - run: ${{ 'curl' }} -sSf https://example.com\n        env:\n          N: ${{ 3 }}\n"), errors: [{ line: 7, column: 14, endLine: 7, endColumn: 27, message: "Expression ${{ 'curl' }} is a constant" }, { line: 9, column: 14, endLine: 9, endColumn: 22, message: '${{ 3 }}' }], name: 'constant expressions' },
    { code: wf('      - id: s\n        run: echo x\n      - uses: actions/checkout@v4\n        with: ${{ fromJSON(steps.s.outputs.options) }}\n'), errors: [{ line: 10, column: 15, endColumn: 55, message: 'with: is one expression' }], name: 'a with: given as one expression' },
  ],
});
