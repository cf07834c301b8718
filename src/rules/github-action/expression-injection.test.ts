import { testRule } from '../../../test/support/rule-tester.ts';
import { actionAnalyzer } from './index.ts';
import { rule } from './expression-injection.ts';

const action = (steps: string) => `name: a\nruns:\n  using: composite\n  steps:\n${steps}`;

testRule(actionAnalyzer, rule, {
  valid: [
    action('    - run: echo "$TITLE"\n      shell: bash\n      env:\n        TITLE: ${{ github.event.issue.title }}\n'),
    action('    - run: echo "${{ inputs.name }}"\n      shell: bash\n'),
  ],
  invalid: [
    { code: action('    - run: echo "${{ github.event.issue.body }}"\n      shell: bash\n'), errors: [{ line: 5, column: 22, endLine: 5, endColumn: 45, message: 'github.event.issue.body' }] },
    { code: action('    - uses: actions/github-script@v7\n      with:\n        script: |\n          core.info(`${{ github.head_ref }}`)\n'), errors: [{ line: 8, column: 26, endColumn: 41, message: 'github-script' }] },
  ],
});
