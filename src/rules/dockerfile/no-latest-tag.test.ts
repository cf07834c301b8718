import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './no-latest-tag.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM nginx:1.27\n', 'FROM nginx:latest@sha256:abc\n', 'FROM nginx\n'],
  invalid: [
    { code: 'FROM nginx:latest\n', errors: [{ line: 1, column: 6, endColumn: 18 }] },
    { code: 'ARG TAG=latest\nFROM localhost:5000/team/app:${TAG} AS app\n', errors: [{ line: 2, column: 6, message: 'localhost:5000/team/app:latest' }] },
  ],
});
