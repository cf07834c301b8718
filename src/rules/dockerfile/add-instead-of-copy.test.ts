import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './add-instead-of-copy.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM a:1\nADD \"rootfs.tar.gz\" /\n', 'FROM a:1\nADD \"https://example.org/tool.bin\" /usr/local/bin/\n', 'FROM a:1\nADD layer.xz /\n', 'FROM a:1\nADD https://x/y.bin /y\n', 'FROM a:1\nADD rootfs.tar.xz /\n', 'FROM a:1\nADD git@github.com:a/b.git /src\n', 'FROM a:1\nCOPY a /b\n'],
  invalid: [{ code: 'FROM a:1\nADD \"app.py\" /app/\n', errors: [{ line: 2, column: 1, endColumn: 4 }] }, { code: 'FROM a:1\nadd app.py requirements.txt /app/\n', errors: [{ line: 2, column: 1, endColumn: 4 }] }, { code: 'FROM a:1\nADD ["a", "/b"]\n', errors: [{ line: 2, column: 1 }] }],
});
