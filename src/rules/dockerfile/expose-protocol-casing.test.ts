import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './expose-protocol-casing.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM a\nEXPOSE 80/tcp 53/udp 80\n', 'FROM a\nEXPOSE 80/TPC\n'],
  invalid: [
    { code: 'FROM a\nEXPOSE 80/TCP 53/Udp\n', errors: [{ line: 2, column: 11, endColumn: 14, message: '`80/tcp`' }, { line: 2, column: 18, endColumn: 21, message: '`53/udp`' }] },
    { code: 'FROM a\nARG P=TCP\nEXPOSE 443/$P\n', errors: [{ line: 3, column: 8, endColumn: 14, message: '`443/tcp`' }] },
  ],
});
