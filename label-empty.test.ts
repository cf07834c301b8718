import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './label-empty.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM alpine:3.20\nLABEL a=1 b="x"\n',
    'FROM alpine:3.20\nARG REV=unknown\nLABEL org.opencontainers.image.revision=$REV\n',
  ],
  invalid: [
    { code: 'FROM alpine:3.20\nLABEL team="" tier=web\n', errors: [{ line: 2, column: 12, endColumn: 14, message: '"team" is empty' }] },
    { name: 'a build argument without a default', code: 'FROM alpine:3.20\nARG GIT_SHA\nLABEL org.opencontainers.image.revision=${GIT_SHA}\n', errors: [{ line: 3, column: 41, endColumn: 51, message: 'unless the build passes GIT_SHA' }] },
  ],
});
