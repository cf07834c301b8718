import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './shell-symlink.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM a\nSHELL ["/bin/bash", "-c"]\n', 'FROM a\nRUN ln -s /bin/sh /usr/local/bin/mysh\n', 'FROM a\nRUN ln /bin/bash /bin/sh\n'],
  invalid: [
    { code: 'FROM a\nRUN ln -sf /bin/bash /bin/sh\n', errors: [{ line: 2, column: 22, endColumn: 29 }] },
    { code: 'FROM a\nRUN rm /bin/sh && ln --symbolic bash /bin/sh\n', errors: [{ line: 2, column: 38, endColumn: 45 }] },
  ],
});
