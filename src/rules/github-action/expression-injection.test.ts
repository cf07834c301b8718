import { testRule } from '../../../test/support/rule-tester.ts';
import { actionAnalyzer } from './index.ts';
import { rule } from './expression-injection.ts';

const action = (steps: string) => `name: a\nruns:\n  using: composite\n  steps:\n${steps}`;

testRule(actionAnalyzer, rule, {
  valid: [
    action('    - run: echo "$TITLE"\n      shell: bash\n      env:\n        TITLE: ${{ github.event.issue.title }}\n'),
    action('    - run: echo "$NAME"\n      shell: bash\n      env:\n        NAME: ${{ inputs.name }}\n'),
    action('    - run: echo "${{ steps.x.outputs.y }}"\n      shell: bash\n'),
  ],
  invalid: [
    { code: action('    - run: echo "${{ inputs.name }}"\n      shell: bash\n    - run: echo ${{ env.N }}\n      shell: bash\n      env:\n        N: ${{ inputs.name }}\n'), errors: [{ line: 5, column: 22, endColumn: 33, message: '"inputs.name" is the calling workflow\'s value', severity: 'medium' }, { line: 7, column: 21, endColumn: 26, message: 'set from "inputs.name", the calling workflow\'s value', severity: 'medium' }], name: 'the caller\'s inputs (medium; were not reported before)' },
    { code: action("    - run: echo '${{ toJSON(github.event) }}'\n      shell: bash\n"), errors: [{ line: 5, column: 29, endColumn: 41, message: '"github.event" is attacker-controlled', severity: 'high' }], name: 'the whole event' },
    { code: action('    - run: echo "${{ github.event.issue.body }}"\n      shell: bash\n'), errors: [{ line: 5, column: 22, endLine: 5, endColumn: 45, message: 'github.event.issue.body' }] },
    { code: action('    - uses: actions/github-script@v7\n      with:\n        script: |\n          core.info(`${{ github.head_ref }}`)\n'), errors: [{ line: 8, column: 26, endColumn: 41, message: 'github-script' }] },
  ],
});
