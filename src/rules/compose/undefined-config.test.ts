import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './undefined-config.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    image: example/app:1.0\n    configs: [conf]\nconfigs:\n  conf:\n    file: ./c\n",
  ],
  invalid: [
    { code: "services:\n  app:\n    image: example/app:1.0\n    configs: [conf]\n", errors: [{"line": 4, "column": 15, "endLine": 4, "endColumn": 19}] },
  ],
});
