import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './undefined-arg-in-from.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['ARG V=1\nFROM a:${V}\n', 'ARG V\nFROM a:${V}\n', 'FROM --platform=$BUILDPLATFORM a:1\n', 'FROM a:${V:-1}\n'],
  invalid: [
    { code: 'FROM node:${NODE_VERSION}-alpine\n', errors: [{ line: 1, column: 6, endColumn: 33, message: 'NODE_VERSION' }] },
    { code: 'FROM a:1\nARG V=2\nFROM b:$V\n', errors: [{ line: 3, column: 6, message: '"V"' }] },
  ],
});
