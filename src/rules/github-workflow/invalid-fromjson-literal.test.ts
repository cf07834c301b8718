import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './invalid-fromjson-literal.ts';

const wf = (value: string) => `on: push\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo \${{ ${value} }}\n`;

testRule(workflowAnalyzer, rule, {
  valid: [
    wf(`fromJSON('"hello"')`),
    wf(`fromJSON('null')`),
    wf(`fromJSON('{"a":[1, 2.5, true]}').a[0]`),
    wf('fromJSON(steps.x.outputs.json)'),
    wf("fromJSON(format('[{0}]', github.run_number))"),
  ],
  invalid: [
    { code: wf(`fromJSON('["foo"')`), errors: [{ line: 7, column: 23, endLine: 7, endColumn: 41, message: 'fromJSON() is given "[\\"foo\\"", which is no JSON' }] },
    { code: wf("fromJSON('')"), errors: [{ line: 7, column: 23, endColumn: 35, message: '(it is empty)' }], name: 'empty' },
    { code: wf(`toJSON(FROMJSON('"foo'))`), errors: [{ line: 7, column: 30, endColumn: 46 }], name: 'nested, any case' },
  ],
});
