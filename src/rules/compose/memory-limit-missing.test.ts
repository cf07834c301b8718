import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './memory-limit-missing.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    image: example/app:1.0\n    mem_limit: 256m\n",
    "services:\n  app:\n    image: example/app:1.0\n    deploy:\n      resources:\n        limits:\n          memory: 256M\n",
  ],
  invalid: [
    { name: 'placed at the limits key the service writes', code: "services:\n  app:\n    image: example/app:1.0\n    deploy:\n      resources:\n        limits:\n          cpus: \"1\"\n", errors: [{"line": 6, "column": 9, "endLine": 6, "endColumn": 15}] },
    { name: 'placed at deploy when it is empty', code: "services:\n  app:\n    image: example/app:1.0\n    deploy:\n", errors: [{"line": 4, "column": 5, "endLine": 4, "endColumn": 11}] },
    { code: "services:\n  app:\n    image: example/app:1.0\n", errors: [{"line": 2, "column": 3, "endLine": 2, "endColumn": 6}] },
    { code: "services:\n  app:\n    image: example/app:1.0\n    deploy:\n      resources:\n        reservations:\n          memory: 256M\n", errors: [{"line": 5, "column": 7, "endLine": 5, "endColumn": 16}], name: "a reservation is not a limit (placed at resources, where the limit goes)" },
  ],
});
