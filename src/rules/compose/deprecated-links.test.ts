import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './deprecated-links.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    image: example/app:1.0\n",
  ],
  invalid: [
    { code: "services:\n  app:\n    image: example/app:1.0\n    links:\n      - db\n  db:\n    image: postgres:16\n", errors: [{"line": 4, "column": 5, "endLine": 4, "endColumn": 10}] },
  ],
});
