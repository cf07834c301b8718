import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './empty-continuation-line.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM a\nRUN a \\\n  b\n\nRUN c\n',
    'FROM a\nRUN a \\\n  # comment\n  b\n',
    'FROM a\nRUN <<EOF\necho one\n\necho two\nEOF\n',
    'FROM a\n\n\nRUN x\n',
  ],
  invalid: [
    { code: 'FROM a\nRUN apk add \\\n\n    curl\n', errors: [{ line: 3, column: 1, endColumn: 1, message: 'line 4' }] },
    { code: 'FROM a\nRUN a \\\n  \t\n  # c\n\n  b\nRUN z\n', errors: [{ line: 3, column: 1, endColumn: 4, message: 'line 6' }, { line: 5, column: 1, endColumn: 1 }] },
  ],
});
