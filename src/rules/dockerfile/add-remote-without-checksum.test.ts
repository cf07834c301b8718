import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './add-remote-without-checksum.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM a:1\nADD --checksum=sha256:abc https://x/y /y\n', 'FROM a:1\nADD https://github.com/a/b.git#v1 /src\n', 'FROM a:1\nADD y.tgz /y\n'],
  invalid: [
    { code: 'ARG V=1\nFROM a:1\nARG V\nADD https://x/v${V}/y.tgz /y\n', errors: [{ line: 4, column: 5, endColumn: 26, message: 'https://x/v1/y.tgz', severity: 'low' }] },
    { code: 'FROM a:1\nADD http://x/y.tgz /y\n', errors: [{ line: 2, column: 5, endColumn: 19, message: 'http://x/y.tgz', severity: 'high' }], name: 'plain HTTP: high' },
  ],
});
