import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './adhoc-packages.ts';

const wf = (run: string) => `on: push\npermissions: {}\njobs:\n  b:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: ${run}\n`;

testRule(workflowAnalyzer, rule, {
  valid: [wf('npm ci'), wf('npm install'), wf('npm install --no-audit'), wf('yarn install --immutable'), wf('bundle install'), wf('pnpm install'), wf('gem build x.gemspec'), wf('npm run add x')],
  invalid: [
    { code: wf('npm install -g eslint prettier'), errors: [{ line: 7, column: 29, endLine: 7, endColumn: 35, message: 'npm installs "eslint" outside a lockfile' }] },
    { code: wf('sudo gem install -v 13.0 rake'), errors: [{ line: 7, column: 39, message: 'gem installs "rake"' }], name: 'an option with a value, through sudo' },
    { code: wf('make && yarn add left-pad@1.3.0'), errors: [{ line: 7, column: 31, message: '"left-pad@1.3.0"' }], name: 'a pinned version still resolves its dependencies' },
    { code: 'on: push\npermissions: {}\njobs:\n  j:\n    runs-on: windows-2025\n    steps:\n      - run: |\n          Write-Host "hi"; gem install rake\n          npm.cmd i lodash@1.2.3\n          # npm install commented\n      - run: npm install left-pad\n        shell: pwsh\n', errors: [{ line: 8, column: 40, endColumn: 44, message: 'rake' }, { line: 9, column: 21, endColumn: 33, message: 'lodash@1.2.3' }, { line: 11, column: 26, endColumn: 34 }], name: 'PowerShell scripts, read word by word' },
  ],
});
