import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './world-writable-permissions.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM a:1\nRUN chmod 755 /app && chmod -R u+w,g+w /data && chmod 0640 x\n', 'FROM a:1\nCOPY --chmod=644 a b\n'],
  invalid: [
    { code: 'FROM a:1\nRUN chmod -R 777 /app\n', errors: [{ line: 2, column: 14, endColumn: 17 }] },
    { code: 'FROM a:1\nRUN chmod a+rwx /tmp/x && chmod o+w y\n', errors: [{ line: 2, column: 11 }, { line: 2, column: 33 }] },
    { code: 'FROM a:1\nCOPY --chmod=0666 a b\n', errors: [{ line: 2, column: 14 }] },
    { code: 'FROM a:1\nRUN chmod 777 /app\n', errors: [{ line: 2, column: 11, severity: 'medium' }], name: 'plain 777: medium' },
    { code: 'FROM a:1\nRUN chmod 1777 /var/run/app\n', errors: [{ line: 2, column: 11, severity: 'low' }], name: 'sticky directory: low' },
    { code: 'FROM a:1\nRUN chmod 3777 /var/run/app\n', errors: [{ line: 2, column: 11, severity: 'low' }], name: 'setgid and sticky: low' },
    { code: 'FROM a:1\nRUN chmod o+wt /shared\n', errors: [{ line: 2, column: 11, severity: 'low' }], name: 'symbolic sticky: low' },
    { code: 'FROM a:1\nRUN chmod 2777 /shared\n', errors: [{ line: 2, column: 11, severity: 'medium' }], name: 'setgid without sticky: medium' },
    { code: 'FROM a:1\nRUN chmod -R 777 /app\n', file: 'test/Dockerfile.test', errors: [{ line: 2, column: 14, severity: 'low' }], name: 'test image: low' },
  ],
});
