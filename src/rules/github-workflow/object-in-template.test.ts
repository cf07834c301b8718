import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './object-in-template.ts';

const wf = (steps: string) => `on: push\npermissions: {}\njobs:\n  t:\n    runs-on: ubuntu-24.04\n    strategy:\n      matrix:\n        o: [{name: a}]\n        s: [x]\n    steps:\n${steps}`;

testRule(workflowAnalyzer, rule, {
  valid: [
    wf("      - run: echo '${{ toJSON(github.event) }}' ${{ matrix.s }} ${{ matrix.o.name }} ${{ steps.x.outputs.y }}\n"),
    wf('      - run: make\n        env: ${{ matrix.o }}\n'),
    'on: push\npermissions: {}\njobs:\n  t:\n    runs-on: ubuntu-24.04\n    strategy:\n      matrix:\n        foo: [[a]]\n    steps:\n      - run: echo ${{ matrix.foo[0] }} ${{ github.event.commits[0].message }}\n',
    wf('      - uses: some/action@v1\n        with:\n          config: ${{ matrix.o }}\n'),
    'on: push\npermissions: {}\njobs:\n  t:\n    runs-on: ubuntu-24.04\n    container: ${{ fromJSON(vars.C) }}\n    steps:\n      - run: make\n',
  ],
  invalid: [
    { code: wf('      - run: echo "${{ github.event }} ${{ steps.x.outputs }} ${{ github.event.commits.* }}"\n'), errors: [{ line: 11, column: 20, endColumn: 39, message: 'written as Object or Array' }, { line: 11, column: 40, endColumn: 62 }, { line: 11, column: 63, endColumn: 92 }] },
    { code: wf('      - run: echo "${{ null }}"\n'), errors: [{ line: 11, column: 20, endColumn: 31, message: 'This expression is null', severity: 'low' }], name: 'null' },
    { code: wf('      - run: ${{ matrix.o }}\n      - name: build ${{ vars }}\n        run: make\n'), errors: [{ line: 11, column: 14, endColumn: 29 }, { line: 12, column: 21, endColumn: 32 }], name: 'a matrix object as the whole script, a context in a name' },
  ],
});
