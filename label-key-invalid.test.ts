import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './label-key-invalid.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM alpine:3.20\nLABEL org.opencontainers.image.source="https://example.com/repo" app-tier=web\n',
    'FROM alpine:3.20\nARG NS=org.example\nLABEL ${NS}.build=1\n',
  ],
  invalid: [
    { code: 'FROM alpine:3.20\nLABEL io.docker.hint=1 Team=web -tier=web a__b=1\n', errors: [{ line: 2, column: 7, endColumn: 21, message: 'reserved' }, { line: 2, column: 24, endColumn: 28, message: '"Team"' }, { line: 2, column: 33, endColumn: 38 }, { line: 2, column: 43, endColumn: 47 }] },
    { name: 'in ONBUILD too', code: 'FROM alpine:3.20\nONBUILD LABEL build..id=1\n', errors: [{ line: 2, column: 15, endColumn: 24 }] },
  ],
});
