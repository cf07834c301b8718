import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './expose-host-mapping.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM a\nEXPOSE 80 443/tcp 8000-8010\n'],
  invalid: [
    { code: 'FROM a\nEXPOSE 80 127.0.0.1:8080:80/tcp\n', errors: [{ line: 2, column: 11, endColumn: 32, message: 'write `EXPOSE 80/tcp`' }] },
    { code: 'FROM a\nEXPOSE 8080:80\n', errors: [{ line: 2, column: 8, endColumn: 15, message: '`EXPOSE 80`' }] },
  ],
});
