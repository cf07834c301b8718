import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './image-not-pinned-by-digest.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    image: postgres:16@sha256:4ec37d2a07a0067f176fdcc9d4bb633a5724d2cc4f892c7a2046d054bb6939e5\n",
    "services:\n  app:\n    build: .\n",
  ],
  invalid: [
    { code: "services:\n  app:\n    image: example/app:1.0\n", errors: [{"line": 3, "column": 12, "endLine": 3, "endColumn": 27}] },
  ],
});
