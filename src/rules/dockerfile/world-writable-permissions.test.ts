import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './world-writable-permissions.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM a:1\nRUN mkdir -p /tmp/build && chmod 777 /tmp/build && make -C /tmp/build && rm -rf /tmp/build\n',
    'FROM a:1\nRUN mkdir /w/cache && chmod 1777 /w/cache && run && rm -rf /w/\n',
    'FROM a:1\nRUN chmod 755 /app && chmod -R u+w,g+w /data && chmod 0640 x\n', 'FROM a:1\nCOPY --chmod=644 a b\n'],
  invalid: [
    { code: 'FROM a:1\nRUN chmod -R 777 /app\n', errors: [{ line: 2, column: 14, endColumn: 17 }] },
    { code: 'FROM a:1\nRUN chmod a+rwx /tmp/x && chmod o+w y\n', errors: [{ line: 2, column: 11 }, { line: 2, column: 33 }] },
    {
      name: 'removed in another RUN, or only part of it removed: reported',
      code: 'FROM a:1\nRUN mkdir /tmp/b && chmod 777 /tmp/b\nRUN rm -rf /tmp/b\nRUN chmod 777 /tmp/c /app && rm -rf /tmp/c\nRUN rm -rf /tmp/d && chmod 777 /tmp/d\n',
      errors: [
        { line: 2, column: 27, endColumn: 30, message: 'Mode "777" makes files writable by every user.' },
        { line: 4, column: 11, endColumn: 14, message: 'Mode "777" makes files writable by every user.' },
        { line: 5, column: 28, endColumn: 31, message: 'Mode "777" makes files writable by every user.' },
      ],
    },
    { code: 'FROM a:1\nCOPY --chmod=0666 a b\n', errors: [{ line: 2, column: 14 }] },
    { code: 'FROM a:1\nRUN chmod 777 /app\n', errors: [{ line: 2, column: 11, severity: 'medium' }], name: 'plain 777: medium' },
    { code: 'FROM a:1\nRUN chmod 1777 /var/run/app\n', errors: [{ line: 2, column: 11, severity: 'low' }], name: 'sticky directory: low' },
    { code: 'FROM a:1\nRUN chmod 3777 /var/run/app\n', errors: [{ line: 2, column: 11, severity: 'low' }], name: 'setgid and sticky: low' },
    { code: 'FROM a:1\nRUN chmod o+wt /shared\n', errors: [{ line: 2, column: 11, severity: 'low' }], name: 'symbolic sticky: low' },
    { code: 'FROM a:1\nRUN chmod 2777 /shared\n', errors: [{ line: 2, column: 11, severity: 'medium' }], name: 'setgid without sticky: medium' },
    { code: 'FROM a:1\nRUN chmod -R 777 /app\n', file: 'test/Dockerfile.test', errors: [{ line: 2, column: 14, severity: 'low' }], name: 'test image: low' },
  ],
});
