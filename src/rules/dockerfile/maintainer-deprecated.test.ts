import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './maintainer-deprecated.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM a\nLABEL maintainer="x"\n', 'FROM a\nRUN echo MAINTAINER\n'],
  invalid: [{ code: 'FROM a\n  maintainer jane\n', errors: [{ line: 2, column: 3, endColumn: 13 }] }],
});
