import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './cpu-limit-missing.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    image: example/app:1.0\n    cpus: 0.5\n",
    "services:\n  app:\n    image: example/app:1.0\n    deploy:\n      resources:\n        limits:\n          cpus: \"0.5\"\n",
  ],
  invalid: [
    { code: "services:\n  app:\n    image: example/app:1.0\n", errors: [{"line": 2, "column": 3, "endLine": 2, "endColumn": 6}] },
  ],
});
