import { testRule } from '../../../test/support/rule-tester.ts';
import { actionAnalyzer } from './index.ts';
import { rule } from './syntax-error.ts';

testRule(actionAnalyzer, rule, {
  valid: [
    'name: a\nruns:\n  using: node20\n  main: index.js\n',
    // Validated against the root the runner loads actions with: `description:` and other top-level keys pass.
    'name: a\ndescription: b\nauthor: c\nruns:\n  using: docker\n  image: Dockerfile\n  args: [x]\n',
  ],
  invalid: [
    { code: 'name: a\nruns:\n  using: composite\n  steps:\n    - run: echo ${{ inputs.x == }}\n      shell: bash\n', errors: [{ line: 5, column: 17, endLine: 5, endColumn: 35, message: 'Invalid expression' }] },
    { code: 'name: [a\n', errors: [{ line: 2, column: 1, message: 'Invalid YAML' }, { line: 1, column: 1, endLine: 1, endColumn: 5, message: 'no `runs:` with `using:`' }], name: 'what the parser recovered has no runs either' },
    { code: '', errors: [{ line: 1, column: 1, endLine: 1, endColumn: 1, message: 'is empty' }] },
    { code: '# an action\n', errors: [{ line: 1, column: 1, endLine: 1, endColumn: 1, message: 'is empty' }], name: 'comments only' },
    { code: 'name: a\nruns:\n  using: node20\n  main: index.js\n  foo: 1\n', errors: [{ line: 5, column: 3, endColumn: 6, message: 'Unknown key `foo` here; expected one of `main`, `post`, `post-if`, `pre`, `pre-if`, `using`' }], name: 'unknown key in runs' },
    {
      code: 'name: a\nruns:\n  using: composite\n  steps:\n    - uses: ./x\n      if: ${{ secrets.A }}\n      shell: bash\n',
      errors: [{ line: 6, column: 15, endColumn: 22, message: 'Context `secrets` is not available here' }, { line: 7, column: 7, endColumn: 12, message: 'Unknown key `shell`' }],
      name: 'composite steps: contexts and keys',
    },
    { code: 'name: a\nruns:\n  main: index.js\n', errors: [{ line: 2, column: 1, endLine: 2, endColumn: 5, message: 'no `runs:` with `using:`' }], name: 'runs without using' },
  ],
});
