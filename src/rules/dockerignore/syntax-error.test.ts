import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerignoreAnalyzer } from './index.ts';
import { rule } from './syntax-error.ts';

testRule(dockerignoreAnalyzer, rule, {
  valid: ['', '# only comments\n', '.git\n**/*.pem\n!keep.pem\n', '[a-z]*.log\n\\[literal\n', '# confgate ignore-file=CGI000 reason="kept"\n'],
  invalid: [
    { code: '.git\n!\n', errors: [{ line: 2, column: 1, endLine: 2, endColumn: 2, message: 'no pattern after it' }] },
    { code: 'logs/[0-9\n', errors: [{ line: 1, column: 1, endLine: 1, endColumn: 10, message: 'refuses the pattern "logs/[0-9": a "[" character class is not closed' }] },
    { code: '  tmp\\\n', errors: [{ line: 1, column: 3, endLine: 1, endColumn: 7, message: 'a trailing "\\" escapes nothing' }] },
    { code: '# confgate ignore=CGI000\n!\n', errors: [{ line: 2, column: 1, endLine: 2, endColumn: 2 }, { line: 1, column: 1, endLine: 1, endColumn: 25, message: 'has no reason' }], name: 'a pragma without reason suppresses nothing' },
  ],
});
