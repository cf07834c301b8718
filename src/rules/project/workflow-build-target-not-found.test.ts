import { testProjectRule } from '../../../test/support/project-rule-tester.ts';
import { rule } from './workflow-build-target-not-found.ts';

const df = 'FROM alpine:3.20 AS Base\nRUN echo hi\nFROM base AS final\nUSER 10001\n';
const head = 'on: push\njobs:\n  b:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/checkout@v4\n';
const wf = (steps: string) => ({ filename: '.github/workflows/ci.yml', content: head + steps });
const dockerfile = { filename: 'Dockerfile', content: df };

testProjectRule(rule, {
  valid: [
    { name: 'an existing stage, compared without case', files: [wf('      - uses: docker/build-push-action@v6\n        with:\n          target: base\n      - run: docker build --target FINAL .\n'), dockerfile] },
    { name: 'no target', files: [wf('      - run: docker build .\n'), dockerfile] },
    { name: 'a target from an expression', files: [wf('      - uses: docker/build-push-action@v6\n        with:\n          target: ${{ matrix.target }}\n'), dockerfile] },
    { name: 'the Dockerfile not submitted', files: [wf('      - run: docker build --target nope -f other/Dockerfile .\n'), dockerfile] },
    { name: 'stage names from build arguments are not judged', files: [wf('      - run: docker build --target nope .\n'), { filename: 'Dockerfile', content: 'ARG S=x\nFROM alpine:3.20 AS ${S}\n' }] },
  ],
  invalid: [
    {
      name: 'build-push-action target:, at its value',
      files: [wf('      - uses: docker/build-push-action@v6\n        with:\n          target: prod\n'), dockerfile],
      errors: [{ file: '.github/workflows/ci.yml', line: 9, column: 19, endLine: 9, endColumn: 23, message: 'Target "prod" is not a stage of Dockerfile (stages: Base, final)' }],
    },
    {
      name: 'docker build --target=, at its word',
      files: [wf('      - run: docker build --target=runtime .\n'), dockerfile],
      errors: [{ file: '.github/workflows/ci.yml', line: 7, column: 27, endLine: 7, endColumn: 43, message: '"runtime"' }],
    },
  ],
});
