import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './curl-and-wget.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM a\nRUN curl -fsSLO https://x && curl -fsSLO https://y\n',
    'FROM a\nRUN apt-get install -y curl wget\n',
    'FROM a AS one\nRUN wget https://x\nFROM b\nRUN curl -fsSLO https://y\n',
  ],
  invalid: [
    { code: 'FROM a\nRUN curl -fsSLO https://x\nRUN wget -q https://y && curl -O https://z\n', errors: [{ line: 3, column: 5, endColumn: 9, message: '`wget` is used here while `curl`' }] },
    { code: 'FROM a AS base\nRUN wget https://x && wget https://y\nFROM base\nRUN curl -O https://z\n', errors: [{ line: 4, column: 5, endColumn: 9, message: '`curl`' }] },
    // As often one as the other: the tool that came second is the one pointed at, whichever it is.
    { code: 'FROM a\nRUN wget -q https://x\nRUN curl -fsSLO https://y\n', errors: [{ line: 3, column: 5, endColumn: 9, message: '`curl` is used here while `wget`' }] },
    { code: 'FROM a\nRUN curl -fsSLO https://x\nRUN wget -q https://y\n', errors: [{ line: 3, column: 5, endColumn: 9, message: '`wget` is used here while `curl`' }] },
    { code: 'FROM a\nRUN wget -q https://x\nRUN curl -fsSLO https://y\nRUN curl -fsSLO https://z\n', errors: [{ line: 2, column: 5, endColumn: 9, message: '`wget` is used here while `curl`' }] },
  ],
});
