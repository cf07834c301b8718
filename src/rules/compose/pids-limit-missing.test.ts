import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './pids-limit-missing.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    image: example/app:1.0\n    pids_limit: 100\n",
    "services:\n  app:\n    image: example/app:1.0\n    deploy:\n      resources:\n        limits:\n          pids: 100\n",
  ],
  invalid: [
    { code: "services:\n  app:\n    image: example/app:1.0\n", errors: [{"line": 2, "column": 3, "endLine": 2, "endColumn": 6}] },
  ],
});
