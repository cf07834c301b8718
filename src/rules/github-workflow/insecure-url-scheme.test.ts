import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './insecure-url-scheme.ts';

const wf = (run: string) => `on: push\npermissions: {}\njobs:\n  b:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: ${run}\n`;

testRule(workflowAnalyzer, rule, {
  valid: [
    wf('curl -fsSL https://example.com/x'), wf('curl http://localhost:3000/health'), wf('wget http://127.0.0.1/x'), wf('curl http://postgres:5432'),
    wf('echo http://example.com'), wf('curl "http://${HOST}/x"'),
  ],
  invalid: [
    { code: wf('curl -fsSLo t.tgz http://example.com/t.tgz'), errors: [{ line: 7, column: 32, endLine: 7, endColumn: 56, message: 'curl fetches "http://example.com" over plain http' }] },
    { code: wf('git clone git://git.example.org/repo.git'), errors: [{ line: 7, column: 24, message: 'over plain git' }], name: 'git://' },
    { code: wf('pip install --index-url=http://pypi.example.com/simple pkg'), errors: [{ line: 7, column: 26, message: 'pip fetches' }], name: 'an option value' },
    { code: wf('sudo wget http://user@example.com/x'), errors: [{ line: 7, column: 24 }], name: 'through sudo, with a user' },
  ],
});
