import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './healthcheck-disabled.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM a\nHEALTHCHECK CMD ["x"]\n',
    'FROM a\nHEALTHCHECK NONE\nHEALTHCHECK CMD ["x"]\n',
    'FROM a AS build\nHEALTHCHECK NONE\nFROM b\n',
    'FROM a AS base\nHEALTHCHECK NONE\nFROM base\nHEALTHCHECK CMD ["x"]\n',
  ],
  invalid: [
    { code: 'FROM a\nHEALTHCHECK NONE\n', errors: [{ line: 2, column: 13, endColumn: 17 }] },
    { code: 'FROM a AS base\nhealthcheck none\nFROM base\nCMD ["x"]\n', errors: [{ line: 2, column: 13, endColumn: 17 }] },
  ],
});
