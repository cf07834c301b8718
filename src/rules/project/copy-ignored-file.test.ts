import { testProjectRule } from '../../../test/support/project-rule-tester.ts';
import { rule } from './copy-ignored-file.ts';

const files = (dockerfile: string, ignore: string, name = '.dockerignore') => [{ filename: 'Dockerfile', content: dockerfile }, { filename: name, content: ignore }];

testProjectRule(rule, {
  valid: [
    { name: 'not excluded', files: files('FROM alpine:3.20\nCOPY app.sh /\n', '*.md\n') },
    { name: 'brought back by an exception', files: files('FROM alpine:3.20\nCOPY README.md /\n', '*.md\n!README.md\n') },
    { name: 'a directory a later exception re-includes in part', files: files('FROM alpine:3.20\nCOPY docs/ /docs/\n', 'docs\n!docs/keep.md\n') },
    { name: 'wildcards are not judged', files: files('FROM alpine:3.20\nCOPY *.md /\n', '*.md\n') },
    { name: 'an unknown variable is not judged', files: files('FROM alpine:3.20\nARG SRC\nCOPY $SRC /\n', 'secret\n') },
    { name: 'COPY --from reads another stage', files: files('FROM alpine:3.20 AS b\nRUN touch /foobar\nFROM alpine:3.20\nCOPY --from=b /foobar /\n', 'foobar\n') },
    { name: 'ADD of a URL', files: files('FROM alpine:3.20\nADD https://example.com/a.tgz /\n', 'a.tgz\n') },
    { name: 'nested: a pattern without / matches the root only', files: files('FROM alpine:3.20\nCOPY web/dist /dist\n', 'dist\n') },
  ],
  invalid: [
    {
      name: 'BuildKit\'s own case: COPY and ADD of the excluded Dockerfile',
      files: files('FROM scratch\nCOPY Dockerfile .\nADD Dockerfile /windy\n', '\nDockerfile\n'),
      errors: [
        { file: 'Dockerfile', line: 2, column: 6, endLine: 2, endColumn: 16, message: 'COPY source "Dockerfile" is excluded by "Dockerfile" (line 2 of ".dockerignore"): Docker does not send it, so the build fails.' },
        { file: 'Dockerfile', line: 3, column: 5, endLine: 3, endColumn: 15, message: 'ADD source "Dockerfile"' },
      ],
    },
    {
      name: 'inside an excluded directory, written with ./ and a leading /, and in exec form',
      files: files('FROM alpine:3.20\nCOPY ./build/app.js /app/\nCOPY ["/build", "/b"]\n', '/build/\n'),
      errors: [
        { file: 'Dockerfile', line: 2, column: 6, endLine: 2, endColumn: 20, message: 'excluded by "/build/" (line 1' },
        { file: 'Dockerfile', line: 3, column: 7, endLine: 3, endColumn: 15 },
      ],
    },
    {
      name: 'an exception overridden by a later pattern, in the Dockerfile\'s own ignore file',
      files: files('FROM alpine:3.20\nCOPY config/prod.yml /etc/app/\n', 'config\n!config/*.yml\nconfig/prod.*\n', 'Dockerfile.dockerignore'),
      errors: [{ file: 'Dockerfile', line: 2, column: 6, endLine: 2, endColumn: 21, message: 'excluded by "config/prod.*" (line 3 of "Dockerfile.dockerignore")' }],
    },
  ],
});
