import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './python-https-verify-disabled.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM a:1\nENV PYTHONHTTPSVERIFY=1\n'],
  invalid: [
    { code: 'FROM a:1\nENV PYTHONHTTPSVERIFY=0\n', errors: [{ line: 2, column: 5, endColumn: 24 }] },
    { code: 'FROM a:1\nRUN PYTHONHTTPSVERIFY=0 python fetch.py\n', errors: [{ line: 2, column: 5, endColumn: 24 }] },
  ],
});
