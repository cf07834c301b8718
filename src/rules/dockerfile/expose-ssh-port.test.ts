import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './expose-ssh-port.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM a\nEXPOSE 2222 220 22/udp 23-80\n', 'FROM a\nEXPOSE $SSH\n'],
  invalid: [
    { code: 'FROM a\nEXPOSE 80 22\n', errors: [{ line: 2, column: 11, endColumn: 13 }] },
    { code: 'FROM a\nARG SSH=22\nEXPOSE ${SSH}/tcp 20-30\n', errors: [{ line: 3, column: 8, endColumn: 18 }, { line: 3, column: 19, endColumn: 24 }] },
  ],
});
