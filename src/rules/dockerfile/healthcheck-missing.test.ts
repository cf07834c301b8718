import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './healthcheck-missing.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM a\nHEALTHCHECK CMD ["x"]\nCMD ["app"]\n',
    'FROM a\nHEALTHCHECK NONE\nCMD ["app"]\n',
    'FROM a\nRUN make\n',
    'FROM a AS base\nHEALTHCHECK CMD ["x"]\nFROM base\nEXPOSE 80\n',
    'FROM a AS build\nCMD ["x"]\nFROM b\nCOPY --from=build /x /x\n',
  ],
  invalid: [
    { code: 'FROM a AS build\nHEALTHCHECK CMD ["x"]\nFROM nginx:1.27\nEXPOSE 80\n', errors: [{ line: 3, column: 6, endColumn: 16 }] },
    { code: 'FROM a\nENTRYPOINT ["app"]\n', errors: [{ line: 1, column: 6, endColumn: 7 }] },
  ],
});
