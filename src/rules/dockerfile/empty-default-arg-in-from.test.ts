import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './empty-default-arg-in-from.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['ARG VARIANT\nFROM alpine${VARIANT}\nUSER app\n', 'ARG BASE=alpine:3.20\nFROM ${BASE}\n', 'ARG TAG\nFROM alpine:${TAG:-3.20}\n', 'FROM ${UNDECLARED}\n'],
  invalid: [{ code: 'ARG REGISTRY\nFROM ${REGISTRY}/base:1\nUSER app\n', errors: [{ line: 2, column: 6, endColumn: 24 }] }, { code: 'ARG BASE\nFROM ${BASE} AS x\n', errors: [{ line: 2, column: 6, endColumn: 13, message: 'BASE' }] }],
});
