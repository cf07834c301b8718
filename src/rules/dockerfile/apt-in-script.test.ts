import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './apt-in-script.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM debian\nRUN apt-get install -y apt\n', 'FROM debian\nRUN echo apt && apt-cache policy\n', 'FROM debian\nCMD ["apt", "list"]\n'],
  invalid: [
    { code: 'FROM debian\nRUN apt update && sudo /usr/bin/apt install -y curl\n', errors: [{ line: 2, column: 5, endColumn: 8 }, { line: 2, column: 24, endColumn: 36 }] },
  ],
});
