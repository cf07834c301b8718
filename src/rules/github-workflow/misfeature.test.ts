import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './misfeature.ts';

const wf = (steps: string, extra = '') => `on: push\npermissions: {}\n${extra}jobs:\n  b:\n    runs-on: windows-2025\n    steps:\n${steps}`;

testRule(workflowAnalyzer, rule, {
  valid: [
    wf('      - run: dir\n        shell: pwsh\n      - uses: actions/setup-python@v5\n        with:\n          python-version: 3.13\n      - run: pip install --index-url https://x.example/simple -r r.txt\n'),
  ],
  invalid: [
    { code: wf('      - run: dir\n        shell: cmd\n'), errors: [{ line: 8, column: 16, endLine: 8, endColumn: 19, severity: 'low', message: 'shell: cmd' }] },
    { code: wf('      - run: dir\n', 'defaults:\n  run:\n    shell: cmd\n'), errors: [{ line: 5, column: 12, severity: 'low' }], name: 'the default shell' },
    { code: wf('      - uses: actions/setup-python@v5\n        with:\n          pip-install: .[dev]\n'), errors: [{ line: 9, column: 11, endLine: 9, endColumn: 22, severity: 'low', message: 'pip-install' }], name: 'setup-python pip-install' },
    { code: wf('      - run: python -m pip --version && pip3 install --extra-index-url=https://x.example/simple a\n').replace('windows-2025', 'ubuntu-24.04'), errors: [{ line: 7, column: 54, severity: 'medium', message: 'dependency confusion' }], name: '--extra-index-url' },
  ],
});
