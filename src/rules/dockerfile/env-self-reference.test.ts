import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './env-self-reference.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM a\nENV A=1\nENV B=$A\n',
    'FROM a\nENV PATH=/opt/bin:$PATH\n',
    'FROM a\nENV A=1 B=2\n',
    'FROM a\nENV A=1 AB=$AB\n',
    'FROM a\nENV a.b(=1 c=$x\n',
  ],
  invalid: [
    { name: 'a name set twice in one ENV: the second reads the value before the instruction', code: 'FROM a\nENV PATH=/opt/a/bin:$PATH PATH=/opt/b/bin:${PATH}\n', errors: [{ line: 2, column: 43, endColumn: 50 }] },
    { code: 'FROM a\nENV DIR=/app BIN=$DIR/bin\n', errors: [{ line: 2, column: 18, endColumn: 22, message: 'here it is empty' }] },
    { code: 'FROM a\nENV V=1\nENV V=2 \\\n    W="${V}-x"\n', errors: [{ line: 4, column: 8, endColumn: 12, message: '(`1`)' }] },
  ],
});
