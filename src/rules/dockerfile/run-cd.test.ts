import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './run-cd.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM a\nWORKDIR /app\nRUN make\n',
    'FROM a\nRUN (cd /src && make) && make install\n',
    'FROM a\nRUN sh -c "cd /src && make"\n',
    'FROM a\nRUN cd /tmp && curl -fsSLO https://x/y.tgz && tar xzf y.tgz && cd - && rm -rf /tmp/y.tgz\n',
    'FROM a\nRUN cd "$(mktemp -d)" && make\n',
    'FROM a\nRUN cd $SRC && make\n',
    'FROM a\nRUN echo cd /x\n',
  ],
  invalid: [
    { code: 'FROM a\nRUN cd /app && npm ci\n', errors: [{ line: 2, column: 5, endColumn: 12, message: '`WORKDIR /app`' }] },
    { code: 'FROM a\nRUN git clone https://x/r.git && cd r && make\n', errors: [{ line: 2, column: 34, endColumn: 38 }] },
    { code: 'FROM a\nRUN <<EOF\nset -e\ncd /src\nmake\nEOF\n', errors: [{ line: 4, column: 1, endColumn: 8 }] },
  ],
});
