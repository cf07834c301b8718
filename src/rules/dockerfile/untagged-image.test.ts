import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './untagged-image.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM ubuntu:24.04\n', 'FROM scratch\n', 'FROM golang:1.23 AS build\nFROM build\n', 'ARG IMG\nFROM ${IMG}\n', 'FROM ubuntu@sha256:abc\n', 'RUN apt-get update\n',
    'FROM golang:1.23 AS build\nFROM alpine:3.20\nCOPY --from=build /out /app\nRUN --mount=from=build,target=/b ls /b\nCOPY --from=ghcr.io/acme/tools@sha256:abc /t /t\nARG IMG\nCOPY --from=${IMG} /t /t\n'],
  invalid: [
    { code: 'FROM ubuntu\n', errors: [{ line: 1, column: 6, endColumn: 12, message: 'ubuntu:latest' }] },
    { code: 'FROM --platform=$BUILDPLATFORM ghcr.io/acme/tool AS t\n', errors: [{ line: 1, column: 32, endColumn: 49 }] },
    { code: 'ARG REPO=debian\nFROM ${REPO}\n', errors: [{ line: 2, column: 6, message: 'debian' }] },
    { name: 'a CI file: low', file: 'ci/Dockerfile', code: 'FROM ubuntu\n', errors: [{ line: 1, column: 6, endColumn: 12, severity: 'low' }] },
    {
      name: 'images files are copied or mounted from',
      code: 'FROM alpine:3.20\nCOPY --from=ghcr.io/acme/tools /bin/tool /usr/bin/\nRUN --mount=from=redis,source=/usr/local/bin,target=/r cp /r/redis-cli /usr/bin/\nCOPY --from=nginx /etc/nginx /etc/nginx\n',
      errors: [
        { line: 2, column: 13, endColumn: 31, message: 'Files are taken from image "ghcr.io/acme/tools", which has no tag' },
        { line: 3, column: 18, endColumn: 23, message: '"redis:latest"' },
      ],
    },
    { code: 'FROM ubuntu\n', errors: [{ line: 1, column: 6, severity: 'high' }], name: 'production file: high' },
    { code: 'FROM ubuntu\n', file: 'docker/dev/Dockerfile', errors: [{ line: 1, column: 6, severity: 'low' }], name: 'development file: low' },
    { code: 'FROM ubuntu\n', file: 'examples/web/Dockerfile', errors: [{ line: 1, column: 6, severity: 'low' }], name: 'example file: low' },
  ],
});
