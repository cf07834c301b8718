import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './memory-limit-missing.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    image: example/app:1.0\n    mem_limit: 256m\n",
    "services:\n  app:\n    image: example/app:1.0\n    deploy:\n      resources:\n        limits:\n          memory: 256M\n",
  ],
  invalid: [
    { code: "services:\n  app:\n    image: example/app:1.0\n", errors: [{"line": 2, "column": 3, "endLine": 2, "endColumn": 6}] },
    { code: "services:\n  app:\n    image: example/app:1.0\n    deploy:\n      resources:\n        reservations:\n          memory: 256M\n", errors: [{"line": 2, "column": 3, "endLine": 2, "endColumn": 6}], name: "a reservation is not a limit" },
  ],
});
