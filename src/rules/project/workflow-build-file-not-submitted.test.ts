import { testProjectRule } from '../../../test/support/project-rule-tester.ts';
import { rule } from './workflow-build-file-not-submitted.ts';

const df = 'FROM alpine:3.20\nUSER 10001\nCMD ["/app"]\n';
const compose = 'services:\n  db:\n    image: postgres:16.4\n';
const head = 'on: push\njobs:\n  b:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/checkout@v4\n';
const wf = (steps: string) => ({ filename: '.github/workflows/ci.yml', content: head + steps });

testProjectRule(rule, {
  valid: [
    { name: 'the workflow alone: not a repository tree, nothing to say', files: [wf('      - run: docker build -f docker/Dockerfile .\n')] },
    { name: 'docker build -f, the file submitted', files: [wf('      - run: docker build -f docker/Dockerfile .\n'), { filename: 'docker/Dockerfile', content: df }] },
    { name: 'build-push-action context, its Dockerfile submitted', files: [wf('      - uses: docker/build-push-action@v6\n        with:\n          context: ./api\n'), { filename: 'api/Dockerfile', content: df }] },
    { name: 'a path from an expression or a variable', files: [wf('      - uses: docker/build-push-action@v6\n        with:\n          file: ${{ matrix.dockerfile }}\n      - run: docker build -f "$DOCKERFILE" .\n'), { filename: 'Dockerfile', content: df }] },
    { name: 'a job that checks out another repository', files: [{ filename: '.github/workflows/ci.yml', content: 'on: push\njobs:\n  b:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/checkout@v4\n        with:\n          repository: example/other\n      - run: docker build -f build/Dockerfile .\n' }, { filename: 'Dockerfile', content: df }] },
    { name: 'a name the CLI would not have found (it may exist)', files: [wf('      - run: docker build -f docker/app.df .\n'), { filename: 'Dockerfile', content: df }] },
    { name: 'a working-directory from an expression', files: [wf('      - run: docker build .\n        working-directory: ${{ matrix.dir }}\n'), { filename: 'api/Dockerfile', content: df }] },
    { name: 'docker compose -f, the file submitted; `logs -f` after the subcommand is no file', files: [wf('      - run: docker compose -f deploy/compose.yaml up -d && docker compose -f deploy/compose.yaml logs -f db\n'), { filename: 'deploy/compose.yaml', content: compose }] },
    { name: 'another root\'s files do not make this root a tree', files: [{ filename: 'svc/.github/workflows/ci.yml', content: head + '      - run: docker build .\n' }, { filename: 'other/Dockerfile', content: df }] },
    { name: 'docker build with an option we do not know: the operands are not read', files: [wf('      - run: docker build --some-new-option value -f x/Dockerfile .\n'), { filename: 'Dockerfile', content: df }] },
  ],
  invalid: [
    {
      name: 'docker build -f, at the path',
      files: [wf('      - run: docker build -t app:ci -f docker/Dockerfile.prod .\n'), { filename: 'Dockerfile', content: df }],
      errors: [{ file: '.github/workflows/ci.yml', line: 7, column: 40, endLine: 7, endColumn: 62, message: '"docker/Dockerfile.prod"' }],
    },
    {
      name: 'build-push-action context: its Dockerfile, at the context',
      files: [wf('      - uses: docker/build-push-action@v6\n        with:\n          context: ./web\n          push: false\n'), { filename: 'api/Dockerfile', content: df }],
      errors: [{ file: '.github/workflows/ci.yml', line: 9, column: 20, endLine: 9, endColumn: 25, message: 'docker/build-push-action step builds from "web/Dockerfile"' }],
    },
    {
      name: 'build-push-action without file or context builds the repository\'s Dockerfile (its Git context): at uses',
      files: [wf('      - uses: docker/build-push-action@v6\n'), { filename: 'api/Dockerfile', content: df }],
      errors: [{ file: '.github/workflows/ci.yml', line: 7, column: 15, endLine: 7, endColumn: 42, message: '"Dockerfile"' }],
    },
    {
      name: 'docker compose -f in the step\'s working directory, a workflow under a sub-root',
      files: [
        { filename: 'svc/.github/workflows/ci.yml', content: head + '      - run: docker compose -f compose.ci.yaml up -d\n        working-directory: deploy\n' },
        { filename: 'svc/Dockerfile', content: df },
      ],
      errors: [{ file: 'svc/.github/workflows/ci.yml', line: 7, column: 32, endLine: 7, endColumn: 47, message: 'reads the Compose file "svc/deploy/compose.ci.yaml"' }],
    },
    {
      name: 'docker buildx build with the context only, in the job\'s default working directory; docker-compose -f',
      files: [
        { filename: '.github/workflows/ci.yml', content: 'on: push\njobs:\n  b:\n    runs-on: ubuntu-24.04\n    defaults:\n      run:\n        working-directory: app\n    steps:\n      - run: |\n          docker buildx build --push -t x:1 ./web\n          docker-compose --file docker-compose.test.yml run tests\n' },
        { filename: 'Dockerfile', content: df },
      ],
      errors: [
        { file: '.github/workflows/ci.yml', line: 10, column: 45, endLine: 10, endColumn: 50, message: '"app/web/Dockerfile"' },
        { file: '.github/workflows/ci.yml', line: 11, column: 33, endLine: 11, endColumn: 56, message: '"app/docker-compose.test.yml"' },
      ],
    },
  ],
});
