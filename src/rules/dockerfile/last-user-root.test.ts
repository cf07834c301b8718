import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './last-user-root.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM a:1\nUSER root\nRUN x\nUSER app\n', 'FROM a:1\nUSER root\nFROM b:1\n', 'FROM a:1\nUSER 1000:0\n'],
  invalid: [
    { code: 'FROM a:1\nUSER app\nUSER root\n', errors: [{ line: 3, column: 6, endColumn: 10 }] },
    { code: 'FROM a:1 AS base\nUSER 0:0\nFROM base\nRUN x\n', errors: [{ line: 2, column: 6, message: '0:0' }] },
    { code: 'FROM a:1\nARG U=root\nUSER ${U}\n', errors: [{ line: 3, column: 6 }] },
    { code: 'FROM a:1\nUSER root\n', file: 'Dockerfile', errors: [{ line: 2, column: 6, severity: 'medium' }], name: 'production file: medium' },
    { code: 'FROM a:1\nUSER root\n', file: 'image/discourse_dev/Dockerfile', errors: [{ line: 2, column: 6, severity: 'low' }], name: 'development image: low' },
  ],
});
