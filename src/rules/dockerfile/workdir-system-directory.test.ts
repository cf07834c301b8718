import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './workdir-system-directory.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM alpine:3.20\nWORKDIR /app\nWORKDIR /development\nWORKDIR /srv/proc\n',
    'FROM alpine:3.20\nWORKDIR /devtools\n',
  ],
  invalid: [
    { code: 'FROM alpine:3.20\nWORKDIR "/sys/fs"\nARG ROOT=/boot\nWORKDIR ${ROOT}/efi\n', errors: [{ line: 2, column: 9, endColumn: 18, message: '/sys/fs' }, { line: 4, column: 9, endColumn: 20, message: '/boot/efi' }] },
  ],
});
