import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './duplicate-container-name.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    image: example/app:1.0\n    container_name: one\n  b:\n    image: example/b:1.0\n    container_name: two\n",
  ],
  invalid: [
    { code: "services:\n  app:\n    image: example/app:1.0\n    container_name: one\n  b:\n    image: example/b:1.0\n    container_name: one\n", errors: [{"line": 7, "column": 21, "endLine": 7, "endColumn": 24, "message": "already used by service \"app\""}] },
  ],
});
