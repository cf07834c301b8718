import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './pids-limit-missing.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    image: example/app:1.0\n    pids_limit: 100\n",
    "services:\n  app:\n    image: example/app:1.0\n    deploy:\n      resources:\n        limits:\n          pids: 100\n",
  ],
  invalid: [
    { name: 'pids_limit -1 is no limit, at its value', code: "services:\n  app:\n    image: example/app:1.0\n    pids_limit: -1\n", errors: [{"line": 4, "column": 17, "endLine": 4, "endColumn": 19, "message": "to -1, which means no limit"}] },
    { name: 'a deploy limit of 0 is no limit', code: "services:\n  app:\n    image: example/app:1.0\n    deploy:\n      resources:\n        limits:\n          pids: 0\n", errors: [{"line": 7, "column": 17, "endLine": 7, "endColumn": 18}] },
    { name: 'placed at the limits key the service writes', code: "services:\n  app:\n    image: example/app:1.0\n    deploy:\n      resources:\n        limits:\n          cpus: \"1\"\n", errors: [{"line": 6, "column": 9, "endLine": 6, "endColumn": 15}] },
    { code: "services:\n  app:\n    image: example/app:1.0\n", errors: [{"line": 2, "column": 3, "endLine": 2, "endColumn": 6}] },
  ],
});
