import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './unknown-function.ts';

const job = (cond: string) => `on: push\npermissions: {}\njobs:\n  test:\n    if: ${cond}\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n`;

testRule(workflowAnalyzer, rule, {
  valid: [
    job("startsWith(github.ref, 'refs/tags/') && !cancelled()"),
    job("${{ format('{0}-{1}', github.ref, github.sha) != '' && toJSON(github.event) != '' }}"),
    job("fromJSON(vars.ENABLED) && join(github.event.commits.*.id) != '' && hashFiles('**/go.sum') != ''"),
    job("case(github.ref == 'refs/heads/main', 'prod', 'dev') == 'prod'"),
    job("ALWAYS()"),
  ],
  invalid: [
    { code: job("contain(github.ref, 'x')"), errors: [{ line: 5, column: 9, endLine: 5, endColumn: 33, message: 'Unknown function "contain"' }] },
    { code: job("${{ startsWith(github.ref) }}"), errors: [{ line: 5, column: 13, endLine: 5, endColumn: 35, message: 'startsWith() takes 2 arguments; this call gives 1.' }], name: 'too few arguments' },
    { code: job("toJSON(github, 1) != '' && success(1)"), errors: [{ line: 5, column: 9, message: 'toJSON() takes 1 argument; this call gives 2.' }, { line: 5, column: 36, message: 'takes 0 arguments' }], name: 'too many, twice' },
    { code: job("join() == ''"), errors: [{ line: 5, column: 9, message: 'takes 1 or 2 arguments' }], name: 'a range of counts' },
  ],
});
