import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './multiple-instructions.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM a\nENTRYPOINT ["x"]\nCMD ["y"]\nHEALTHCHECK CMD ["z"]\n',
    'FROM a AS build\nCMD ["make"]\nFROM b\nCMD ["app"]\n',
    'FROM a\nONBUILD CMD ["x"]\nCMD ["y"]\n',
  ],
  invalid: [
    { code: 'FROM a\nCMD ["a"]\ncmd ["b"]\nCMD ["c"]\n', errors: [{ line: 2, column: 1, endColumn: 4, message: 'line 4' }, { line: 3, column: 1, endColumn: 4 }] },
    { code: 'FROM a\nENTRYPOINT x\nHEALTHCHECK NONE\nENTRYPOINT ["y"]\nHEALTHCHECK CMD ["z"]\n', errors: [{ line: 2, column: 1, endColumn: 11, message: 'ENTRYPOINT on line 4' }, { line: 3, column: 1, endColumn: 12, message: 'HEALTHCHECK' }] },
  ],
});
