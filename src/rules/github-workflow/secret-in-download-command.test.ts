import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './secret-in-download-command.ts';

const wf = (run: string) => `on: push\npermissions: {}\njobs:\n  b:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: |\n          ${run}\n`;

testRule(workflowAnalyzer, rule, {
  valid: [
    wf('curl -H "Authorization: Bearer $T" https://x.example'),
    wf('echo ${{ secrets.T }} | docker login -u u --password-stdin && curl https://x.example'),
    wf('curl https://x.example/${{ github.sha }}'),
  ],
  invalid: [
    { code: wf('curl -fsS -H "Authorization: Bearer ${{ secrets.TOKEN }}" https://x.example'), errors: [{ line: 8, column: 47, endLine: 8, endColumn: 67, message: 'curl gets a secret on its command line' }] },
    { code: wf('wget --header="X-Key: ${{ fromJSON(secrets.CFG).key }}" https://x.example'), errors: [{ line: 8, column: 33, message: 'wget' }], name: 'wget, a secret read through a function' },
  ],
});
