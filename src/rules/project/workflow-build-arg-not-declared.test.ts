import { testProjectRule } from '../../../test/support/project-rule-tester.ts';
import { rule } from './workflow-build-arg-not-declared.ts';

const df = 'ARG BASE=alpine:3.20\nFROM ${BASE} AS base\nARG VERSION\nRUN echo "$VERSION" > /version\nFROM base AS final\nARG LATE\nUSER 10001\n';
const head = 'on: push\njobs:\n  b:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/checkout@v4\n';
const wf = (steps: string) => ({ filename: '.github/workflows/ci.yml', content: head + steps });
const dockerfile = { filename: 'Dockerfile', content: df };

testProjectRule(rule, {
  valid: [
    { name: 'build-args lines all declared, values from expressions', files: [wf('      - uses: docker/build-push-action@v6\n        with:\n          context: .\n          build-args: |\n            BASE=alpine:3.21\n            VERSION=${{ github.sha }}\n'), dockerfile] },
    { name: '--build-arg forms: KEY=value, KEY alone, --build-arg=KEY=value; predefined ones', files: [wf('      - run: docker build --build-arg VERSION=1 --build-arg BASE --build-arg=LATE=x --build-arg HTTP_PROXY=http://p:3128 .\n'), dockerfile] },
    { name: 'Dockerfile not submitted: nothing to compare', files: [wf('      - run: docker build --build-arg TYPO=1 -f other/Dockerfile .\n'), dockerfile] },
    { name: 'a name from a variable', files: [wf('      - run: docker build --build-arg "$NAME=1" .\n'), dockerfile] },
  ],
  invalid: [
    {
      name: 'a typo in a build-args block, at its name',
      files: [wf('      - uses: docker/build-push-action@v6\n        with:\n          build-args: |\n            BASE=alpine:3.21\n            VERSON=1.2\n'), dockerfile],
      errors: [{ file: '.github/workflows/ci.yml', line: 11, column: 13, endLine: 11, endColumn: 19, message: '"VERSON" is not declared by any ARG in Dockerfile' }],
    },
    {
      name: 'a single-line build-args value',
      files: [wf('      - uses: docker/build-push-action@v6\n        with:\n          build-args: COMMIT=abc\n'), dockerfile],
      errors: [{ file: '.github/workflows/ci.yml', line: 9, column: 23, endLine: 9, endColumn: 29, message: '"COMMIT"' }],
    },
    {
      name: 'declared only after the target stage: not consumed; --build-arg at its word',
      files: [wf('      - run: docker build --target base --build-arg LATE=1 -f Dockerfile .\n'), dockerfile],
      errors: [{ file: '.github/workflows/ci.yml', line: 7, column: 53, endLine: 7, endColumn: 59, message: 'of Dockerfile up to stage "base"' }],
    },
  ],
});
