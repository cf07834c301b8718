import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './expose-invalid-port.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM a\nEXPOSE 80 443/tcp 53/udp 9000-9010 5000/SCTP\n',
    'FROM a\nARG PORT=8080\nEXPOSE $PORT\n',
    'FROM a\nEXPOSE $UNSET_PORT\n',
    'FROM a\nEXPOSE 127.0.0.1:80:80\n',
  ],
  invalid: [
    { code: 'FROM a\nEXPOSE 80 65536\n', errors: [{ line: 2, column: 11, endColumn: 16, message: '`65536` is not a valid port' }] },
    { code: 'FROM a\nEXPOSE 0 http 9010-9000 80/tpc\n', errors: [{ line: 2, column: 8, endColumn: 9 }, { line: 2, column: 10, endColumn: 14 }, { line: 2, column: 15, endColumn: 24, message: 'port range' }, { line: 2, column: 25, endColumn: 31, message: 'unknown protocol' }] },
    { code: 'FROM a\nARG PORT=99999\nEXPOSE ${PORT}/udp\n', errors: [{ line: 3, column: 8, endColumn: 19, message: '`99999/udp`' }] },
  ],
});
