import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './syntax-error.ts';

const step = (run: string) => `on: push\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: ${run}\n`;

testRule(workflowAnalyzer, rule, {
  valid: [step('echo ${{ github.sha }}'), step("echo ${{ format('{0}}}', github.ref) }}"), step('echo "${{ fromJSON(steps.a.outputs.m).x[0] }}"')],
  invalid: [
    { code: step('echo ${{ github.ref == }}'), errors: [{ line: 6, column: 19, endLine: 6, endColumn: 39, message: 'Invalid expression: unexpected end of the expression' }] },
    { code: step('echo ${{ github.ref ++ 1 }}'), errors: [{ line: 6, column: 34, endColumn: 35, message: 'unexpected character "+"' }] },
    { code: step("echo ${{ 'open }}"), errors: [{ line: 6, column: 19, endColumn: 22, message: 'unclosed "${{"' }], name: 'a quote keeps the braces open' },
    { code: 'on: push\njobs: [\n', errors: [{ line: 3, column: 1, message: 'Invalid YAML' }] },
    { code: '', errors: [{ line: 1, column: 1, endLine: 1, endColumn: 1, message: 'is empty' }] },
    { code: 'name: ci\non: push\n', errors: [{ line: 1, column: 1, endLine: 1, endColumn: 5, message: 'no `jobs:`' }], name: 'no jobs' },
    { code: 'jobs:\n  a:\n    runs-on: x\n    steps: [{run: a}]\n', errors: [{ line: 1, column: 1, endLine: 1, endColumn: 5, message: 'no `on:`' }], name: 'no trigger' },
    { code: 'on: push\njobs: {}\n---\non: pull_request\n', errors: [{ line: 3, column: 1, endColumn: 4, message: 'second document' }] },
  ],
});
