import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './invalid-filter-glob.ts';

const wf = (on: string) => `on:\n${on}permissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: make\n`;

testRule(workflowAnalyzer, rule, {
  valid: [
    wf("  push:\n    branches: [main, 'release/**', '!release/**-alpha']\n    tags: ['v[0-9]+.[0-9]+.[0-9]+']\n    paths: ['src/**/*.ts', 'docs/a b.md']\n"),
    wf("  pull_request:\n    branches-ignore: ['feature/[a-z]*']\n    paths-ignore: ['**.md', 'weird\\[name\\].txt']\n"),
    wf("  workflow_run:\n    workflows: [CI]\n    branches: [main]\n"),
    wf("  schedule:\n    - cron: '0 0 * * *'\n"),
    wf("  push:\n    branches: ['${{ vars.BRANCH }}']\n"),
  ],
  invalid: [
    { code: wf("  push:\n    branches: ['release/[0-9.*']\n"), errors: [{ line: 3, column: 16, endLine: 3, endColumn: 32, message: 'Filter pattern "release/[0-9.*" in on.push.branches has an unclosed or empty "["' }] },
    { code: wf("  push:\n    tags:\n      - 'v[9-0]*'\n"), errors: [{ line: 4, column: 9, endLine: 4, endColumn: 18, message: 'reversed range "9-0"' }], name: 'reversed range' },
    { code: wf("  pull_request:\n    branches: ['']\n"), errors: [{ line: 3, column: 16, endLine: 3, endColumn: 18, message: 'on.pull_request.branches is empty' }], name: 'empty' },
    { code: wf("  push:\n    branches: ['feature x']\n    paths: ['+x', 'a\\']\n"), errors: [{ line: 3, column: 16, endLine: 3, endColumn: 27, message: 'holds " "' }, { line: 4, column: 13, endLine: 4, endColumn: 17, message: 'starts with "+"' }, { line: 4, column: 19, endLine: 4, endColumn: 23, message: 'ends with an escape' }], name: 'ref characters, a leading +, a dangling escape' },
    { code: wf("  workflow_run:\n    workflows: [CI]\n    branches-ignore: 'dev:x'\n"), errors: [{ line: 4, column: 22, endLine: 4, endColumn: 29 }], name: 'a single pattern' },
    { code: wf("  push:\n    tags: ['/v\\d+/', 'v\\d', 'v\\*']\n"), errors: [{ line: 3, column: 12, endLine: 3, endColumn: 20, message: 'holds "/"' }, { line: 3, column: 22, endLine: 3, endColumn: 27, message: 'an escape "\\d" of no special character' }], name: 'a regular expression in a tag pattern' },
    { code: wf("  push:\n    paths: ['  foo', 'foo ', '.', './a/b.txt', 'a/../b', '.github/**']\n"), errors: [{ line: 3, column: 13, endColumn: 20, message: 'white space' }, { line: 3, column: 22, endColumn: 28, message: 'white space' }, { line: 3, column: 30, endColumn: 33, message: '"." or ".." segment' }, { line: 3, column: 35, endColumn: 46 }, { line: 3, column: 48, endColumn: 56 }], name: 'paths with spaces around or dot segments' },
    { code: "on:\n  image_version:\n    versions: ['!', 'v[0-']\npermissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    snapshot:\n      image-name: img\n      version: 'v[0-'\n    steps:\n      - run: make\n", errors: [{ line: 3, column: 16, endColumn: 19, message: 'on.image_version.versions is empty' }, { line: 3, column: 21, endColumn: 27 }, { line: 10, column: 16, endColumn: 22, message: 'in jobs.j.snapshot.version has an unclosed' }], name: 'image versions and a job snapshot\'s version' },
  ],
});
