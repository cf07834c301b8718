import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './comparison-type-mismatch.ts';

const wf = (expr: string) => `on: push\npermissions: {}\njobs:\n  t:\n    runs-on: ubuntu-24.04\n    strategy:\n      matrix:\n        o: [{name: a}]\n        a: [[true]]\n        a2: [[{x: 1}]]\n        s: [x, y]\n    steps:\n      - run: echo '\${{ ${expr} }}'\n`;

testRule(workflowAnalyzer, rule, {
  valid: [
    wf("'42' == 42"),
    wf('true == 1'),
    wf('null == matrix.o'),
    wf('matrix.o == matrix.o'),
    wf('matrix.a == matrix.a'),
    wf("'41' < 42"),
    wf("matrix.s == 'x'"),
    wf("matrix.o.name == 'a'"),
    wf("github.event.number > 3"),
  ],
  invalid: [
    { code: wf("'foo' == matrix.o"), errors: [{ line: 13, column: 24, endColumn: 41, message: 'A value of type string is compared with one of type object by ==' }] },
    { code: wf('42 != matrix.a'), errors: [{ line: 13, column: 24, message: 'always true' }], name: 'an array' },
    { code: wf('matrix.a == matrix.a2'), errors: [{ line: 13, column: 24, message: 'type array<boolean> is compared with one of type array<object>' }], name: 'arrays of other shapes' },
    { code: wf('1 > null'), errors: [{ line: 13, column: 24, endColumn: 32, message: 'Ordering values of type number and null by >' }], name: 'ordering null' },
    { code: wf('false <= matrix.a'), errors: [{ line: 13, column: 24, message: 'Ordering' }], name: 'ordering a boolean and an array' },
    { code: "on: push\npermissions: {}\njobs:\n  t:\n    runs-on: ubuntu-24.04\n    strategy:\n      matrix:\n        os: [{name: linux}]\n    steps:\n      - run: make\n        if: matrix['os'] == 'linux'\n", errors: [{ line: 11, column: 13, endColumn: 36 }], name: 'a bare if:, index access' },
    { code: "on:\n  workflow_dispatch:\n    inputs:\n      flag: {type: boolean}\n      n: {type: number}\n      s: {type: string}\npermissions: {}\njobs:\n  t:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo ${{ github[inputs.flag] }} ${{ github[inputs.s] }} ${{ github.event.*[inputs.s] }} ${{ github.event.*[github.event.inputs.n] }} ${{ github.event.*[inputs.n] }}\n", errors: [{ line: 12, column: 23, endColumn: 42, message: 'Indexing an object with a boolean' }, { line: 12, column: 74, endColumn: 98, message: 'Indexing an array with a string' }, { line: 12, column: 106, endColumn: 143 }], name: 'indexes of the wrong type' },
    { code: "on: push\npermissions: {}\njobs:\n  t:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo ${{ vars.FOO.bar }} ${{ fromJSON(vars.FOO).bar }} ${{ secrets.X['y'] }}\n", errors: [{ line: 7, column: 23, endColumn: 35, message: '"vars.foo" is a string' }, { line: 7, column: 73, endColumn: 87, message: '"secrets.x"' }], name: 'properties of a string' },
  ],
});
