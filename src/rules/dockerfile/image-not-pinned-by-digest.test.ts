import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './image-not-pinned-by-digest.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM alpine:3.20@sha256:abc\n', 'FROM scratch\n', 'FROM a@sha256:abc AS b\nFROM b\nCOPY --from=b /x /x\nCOPY --from=nginx:1.27@sha256:abc /y /y\n'],
  invalid: [
    { code: 'FROM alpine:3.20\nFROM node:22\n', errors: [{ line: 1, column: 6 }, { line: 2, column: 6 }] },
    { name: 'images files are copied or mounted from', code: 'FROM a@sha256:abc\nCOPY --from=nginx:1.27 /etc/nginx /etc/nginx\nRUN --mount=from=redis:7.4,target=/r ls /r\n', errors: [{ line: 2, column: 13, endColumn: 23, message: '"nginx:1.27" is not pinned' }, { line: 3, column: 18, endColumn: 27 }] },
  ],
});
