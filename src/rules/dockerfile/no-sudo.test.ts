import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './no-sudo.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM a:1\nRUN apt-get install -y sudo\n', 'FROM a:1\nRUN echo sudo\n'],
  invalid: [
    { code: 'FROM a:1\nRUN apt-get update && sudo -E apt-get install -y curl\n', errors: [{ line: 2, column: 23, endColumn: 27 }] },
    { code: 'FROM a:1\nRUN bash -c "sudo make install"\n', errors: [{ line: 2, column: 14, endColumn: 18 }] },
  ],
});
