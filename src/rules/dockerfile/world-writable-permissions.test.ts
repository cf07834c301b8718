import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './world-writable-permissions.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM a:1\nRUN chmod 755 /app && chmod -R u+w,g+w /data && chmod 0640 x\n', 'FROM a:1\nCOPY --chmod=644 a b\n'],
  invalid: [
    { code: 'FROM a:1\nRUN chmod -R 777 /app\n', errors: [{ line: 2, column: 14, endColumn: 17 }] },
    { code: 'FROM a:1\nRUN chmod a+rwx /tmp/x && chmod o+w y\n', errors: [{ line: 2, column: 11 }, { line: 2, column: 33 }] },
    { code: 'FROM a:1\nCOPY --chmod=0666 a b\n', errors: [{ line: 2, column: 14 }] },
  ],
});
