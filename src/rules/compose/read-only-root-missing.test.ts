import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './read-only-root-missing.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    image: example/app:1.0\n    read_only: true\n",
    "services:\n  base:\n    image: example/app:1.0\n    read_only: true\n  app:\n    extends: base\n",
  ],
  invalid: [
    { code: "services:\n  app:\n    image: example/app:1.0\n", errors: [{"line": 2, "column": 3, "endLine": 2, "endColumn": 6}] },
    { code: "services:\n  app:\n    image: example/app:1.0\n    read_only: false\n", errors: [{"line": 4, "column": 16, "endLine": 4, "endColumn": 21, "message": "read_only: false"}] },
  ],
});
