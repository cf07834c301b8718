import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './go-insecure-env.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM a:1\nENV GOPRIVATE=git.acme.dev GOFLAGS=-mod=vendor GOSUMDB=sum.golang.org\n'],
  invalid: [{ code: 'FROM a:1\nENV GOINSECURE=* GOSUMDB=off\n', errors: [{ line: 2, column: 5 }, { line: 2, column: 18 }] }],
});
