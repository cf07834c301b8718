import { testRule } from '../../../test/support/rule-tester.ts';
import { workflowAnalyzer } from './index.ts';
import { rule } from './cache-in-release-workflow.ts';

const wf = (on: string, steps: string) => `on:\n${on}permissions: {}\njobs:\n  j:\n    runs-on: ubuntu-24.04\n    steps:\n${steps}      - run: make\n`;
const TAGS = "  push:\n    tags: ['v*']\n";

testRule(workflowAnalyzer, rule, {
  valid: [
    wf('  push:\n    branches: [main]\n', '      - uses: actions/cache@v4\n        with:\n          path: ~/.npm\n          key: k\n'),
    wf('  pull_request:\n', '      - uses: actions/setup-go@v5\n'),
    wf(TAGS, '      - uses: actions/setup-node@v4\n        with:\n          node-version: 22\n'),
    wf(TAGS, "      - uses: actions/setup-go@v5\n        with:\n          cache: false\n"),
    wf(TAGS, '      - uses: actions/setup-go@v3\n'),
    wf(TAGS, '      - uses: actions/cache/save@v4\n        with:\n          path: x\n          key: k\n'),
    wf(TAGS, "      - uses: actions/setup-python@v5\n        with:\n          cache: ''\n"),
    wf(TAGS, '      - uses: actions/setup-node@v6\n        with:\n          package-manager-cache: false\n'),
    wf(TAGS, '      - uses: ramsey/composer-install@v3\n        with:\n          ignore-cache: true\n      - uses: PyO3/maturin-action@v1\n'),
    wf('  push:\n    branches: [main, releaser-bot]\n', '      - uses: Swatinem/rust-cache@v2\n'),
    wf(TAGS, '      - uses: Swatinem/rust-cache@v2\n        with:\n          lookup-only: true\n'),
    wf(TAGS, "      - uses: PyO3/maturin-action@v1\n        with:\n          sccache: ${{ !startsWith(github.ref, 'refs/tags/') }}\n      - uses: actions/setup-python@v5\n        with:\n          cache: ${{ !(github.event_name == 'push' && github.ref_type == 'tag') && 'pip' || '' }}\n"),
    wf(TAGS, '      - uses: astral-sh/setup-uv@v10.0.0\n      - uses: astral-sh/setup-uv@v10\n        with:\n          enable-cache: auto\n'),
  ],
  invalid: [
    { code: wf(TAGS, '      - uses: actions/setup-node@v4\n        with:\n          cache: npm\n'), errors: [{ line: 9, column: 15, endLine: 9, endColumn: 36, message: 'Step restores a build cache (actions/setup-node with cache: npm) in a workflow that publishes releases (on pushed tags)' }] },
    { code: wf('  release:\n    types: [published]\n', '      - uses: actions/cache@v4\n        with:\n          path: ~/.cargo\n          key: k\n      - uses: actions/setup-go@v5\n'), errors: [{ line: 9, column: 15, endLine: 9, endColumn: 31, message: '(actions/cache) in a workflow that publishes releases (on release)' }, { line: 13, column: 15, endLine: 13, endColumn: 34, message: 'actions/setup-go (caches by default)' }], name: 'on release; setup-go by default' },
    { code: wf('  workflow_dispatch:\n', '      - uses: astral-sh/setup-uv@v6\n        with:\n          enable-cache: true\n      - uses: pypa/gh-action-pypi-publish@release/v1\n'), errors: [{ line: 8, column: 15, endLine: 8, endColumn: 36, message: 'uses pypa/gh-action-pypi-publish' }], name: 'a publishing action' },
    { code: wf('  push:\n    branches: [release/v2]\n', '      - uses: Swatinem/rust-cache@v2\n      - uses: actions/setup-node@0123456789abcdef0123456789abcdef01234567 # v5.0.0\n      - uses: PyO3/maturin-action@v1\n        with:\n          sccache: ${{ true }}\n      - uses: ramsey/composer-install@v3\n'), errors: [{ line: 9, column: 15, message: '(swatinem/rust-cache) in a workflow that publishes releases (on pushes to release branches)' }, { line: 10, column: 15, message: 'actions/setup-node v5 (caches npm by default)' }, { line: 11, column: 15, message: 'sccache' }, { line: 14, column: 15, message: 'ramsey/composer-install (caches by default)' }], name: 'actions that cache by default, release branches' },
    { code: wf(TAGS, '      - uses: astral-sh/setup-uv@0123456789abcdef0123456789abcdef01234567 # v6.5.0\n      - uses: astral-sh/setup-uv@0123456789abcdef0123456789abcdef01234567\n'), errors: [{ line: 9, column: 15, message: 'astral-sh/setup-uv v6 (caches by default before v10)' }, { line: 10, column: 15, message: 'astral-sh/setup-uv (caches by default before v10)' }], name: 'setup-uv before v10, or of a version not known' },
  ],
});
