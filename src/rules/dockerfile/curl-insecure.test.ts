import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './curl-insecure.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM a:1\nRUN curl -fsSL https://x -o /tmp/x\n', 'FROM a:1\nRUN curl -K cfg https://x\n', 'FROM a:1\nRUN echo curl -k\n'],
  invalid: [
    { code: 'FROM a:1\nRUN set -e; curl -fsSLk https://x | tar xz\n', errors: [{ line: 2, column: 18, endColumn: 24, message: '-fsSLk' }] },
    { code: 'FROM a:1\nRUN <<EOF\nsudo curl --insecure -o /x https://y\nEOF\n', errors: [{ line: 3, column: 11, endColumn: 21 }] },
  ],
});
