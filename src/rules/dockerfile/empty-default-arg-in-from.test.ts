import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './empty-default-arg-in-from.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['ARG BASE=alpine:3.20\nFROM ${BASE}\n', 'ARG TAG\nFROM alpine:${TAG:-3.20}\n', 'FROM ${UNDECLARED}\n'],
  invalid: [{ code: 'ARG BASE\nFROM ${BASE} AS x\n', errors: [{ line: 2, column: 6, endColumn: 13, message: 'BASE' }] }],
});
