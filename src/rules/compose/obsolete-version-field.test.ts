import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './obsolete-version-field.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    image: example/app:1.0\n",
  ],
  invalid: [
    { code: "version: \"3.8\"\nservices:\n  app:\n    image: example/app:1.0\n", errors: [{"line": 1, "column": 1, "endLine": 1, "endColumn": 8}] },
  ],
});
