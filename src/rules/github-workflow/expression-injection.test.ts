import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './expression-injection.ts';

const job = (steps: string) => `on: [issues, pull_request_target]\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n${steps}`;

testRule(workflowAnalyzer, rule, {
  valid: [
    'on:\n  workflow_run:\n    workflows: [CI]\n    types: [completed]\n    branches: [update/main, release-8.x]\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: git push origin --delete \"${{ github.event.workflow_run.head_branch }}\"\n',
    job('      - run: echo "$TITLE"\n        env:\n          TITLE: ${{ github.event.issue.title }}\n'),
    job('      - run: echo "${{ github.event.issue.number }} ${{ github.sha }}"\n'),
    job("      - run: echo ${{ contains(github.event.issue.title, 'bug') }}\n"),
    job('      - uses: actions/github-script@v7\n        with:\n          script: console.log(context.payload.issue.title)\n'),
    job('      - uses: some/action@v1\n        with:\n          script: ${{ github.event.issue.title }}\n'),
    job('      - name: ${{ github.event.issue.title }}\n        run: echo ok\n'),
    'on: issues\nenv:\n  T: ${{ github.event.issue.title }}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    env:\n      T: fixed\n    steps:\n      - run: echo ${{ env.T }}\n',
    job('      - run: echo ${{ env.T }}\n        env:\n          T: ${{ github.sha }}\n'),
    job('      - uses: mikefarah/yq@v4\n        with:\n          expression: ${{ github.event.issue.title }}\n'),
  ],
  invalid: [
    { code: 'on:\n  workflow_run:\n    workflows: [CI]\n    types: [completed]\n    branches: ["update/**"]\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: git push origin --delete \"${{ github.event.workflow_run.head_branch }}\"\n', errors: [{ line: 10, column: 44, endLine: 10, endColumn: 81, message: 'workflow_run.head_branch' }], name: 'workflow_run head branch under a branches glob: any name' },
    { code: 'on:\n  workflow_run:\n    workflows: [CI]\n    types: [completed]\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: git push origin --delete \"${{ github.event.workflow_run.head_branch }}\"\n', errors: [{ line: 9, column: 44, endLine: 9, endColumn: 81 }], name: 'workflow_run head branch without a branches filter' },
    { code: job('      - run: echo "${{ github.event.issue.title }}"\n'), errors: [{ line: 6, column: 24, endLine: 6, endColumn: 48, message: '"github.event.issue.title" is attacker-controlled' }] },
    { code: job('      - run: |\n          git checkout ${{ github.head_ref }}\n          echo "${{ github.event.pull_request.body }}"\n'), errors: [{ line: 7, column: 28, endColumn: 43 }, { line: 8, column: 21, endColumn: 51 }], name: 'block scalar, two lines' },
    { code: job("      - run: echo ${{ github.event.comment.body || 'none' }} ${{ github.event.commits[0].message }}\n"), errors: [{ line: 6, column: 23, endColumn: 48 }, { line: 6, column: 66, endColumn: 97, message: 'github.event.commits.*.message' }], name: 'through ||, and an index' },
    { code: job('      - uses: actions/github-script@v7\n        with:\n          script: console.log("${{ github.event.review.body }}")\n'), errors: [{ line: 8, column: 36, endColumn: 60, message: 'github-script' }] },
    { code: 'on: issues\nenv:\n  T: ${{ github.event.issue.title }}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    env:\n      U: ${{ github.event.issue.body }}\n    steps:\n      - run: echo ${{ env.T }} ${{ env.U }}\n      - run: echo ${{ env.T }}\n        env:\n          T: ${{ github.head_ref }}\n', errors: [{ line: 10, column: 23, endColumn: 28, message: '"env.t" is set from "github.event.issue.title"' }, { line: 10, column: 36, endColumn: 41, message: '"env.u" is set from "github.event.issue.body"' }, { line: 11, column: 23, endColumn: 28, message: '"env.t" is set from "github.head_ref"' }], name: 'env: indirection, the step\'s variable first, then the job\'s, then the workflow\'s' },
    { code: job('      - uses: mikefarah/yq@v4\n        with:\n          cmd: yq ${{ github.event.issue.title }}\n      - uses: Azure/cli@v2\n        with:\n          inlineScript: echo ${{ github.head_ref }}\n'), errors: [{ line: 8, column: 23, endColumn: 47, message: 'the `cmd` input of mikefarah/yq' }, { line: 11, column: 34, endColumn: 49, message: 'the `inlineScript` input of Azure/cli' }], name: 'inputs of actions that run them as code' },
    { code: job('      - run: echo "${{ GITHUB.EVENT.PULL_REQUEST.HEAD.REF }}"\n'), errors: [{ line: 6, column: 24, endColumn: 58 }], name: 'contexts are case-insensitive' },
    { code: job("      - run: \"echo '${{ github.event['head_commit']['message'] }}'\"\n"), errors: [{ line: 6, column: 25, endColumn: 63 }], name: 'quoted scalar, bracket access' },
    { code: job("      - run: echo '${{ toJSON(github.event.pull_request) }}'\n"), errors: [{ line: 6, column: 31, endColumn: 56, message: '"github.event.pull_request" is attacker-controlled' }], name: 'an object holding attacker-controlled fields' },
    { code: job('      - run: echo ${{ github.event.pages[github.run_number].page_name }}\n'), errors: [{ line: 6, column: 23, endColumn: 70, message: '"github.event.pages.*.page_name" is attacker-controlled' }], name: 'a dynamic index' },
  ],
});
