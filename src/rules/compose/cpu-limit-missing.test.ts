import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './cpu-limit-missing.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    image: example/app:1.0\n    cpus: 0.5\n",
    "services:\n  app:\n    image: example/app:1.0\n    deploy:\n      resources:\n        limits:\n          cpus: \"0.5\"\n",
  ],
  invalid: [
    { name: 'placed at the limits key the service writes', code: "services:\n  app:\n    image: example/app:1.0\n    deploy:\n      resources:\n        limits:\n          memory: 64M\n", errors: [{"line": 6, "column": 9, "endLine": 6, "endColumn": 15}] },
    { name: 'placed at resources when it has reservations only', code: "services:\n  app:\n    image: example/app:1.0\n    deploy:\n      resources:\n        reservations:\n          cpus: \"0.2\"\n", errors: [{"line": 5, "column": 7, "endLine": 5, "endColumn": 16}] },
    { name: 'placed at deploy when it has no resources', code: "services:\n  app:\n    image: example/app:1.0\n    deploy:\n      replicas: 2\n", errors: [{"line": 4, "column": 5, "endLine": 4, "endColumn": 11}] },
    { name: 'a deploy inherited through extends is not pointed at', code: "services:\n  base:\n    image: example/app:1.0\n    deploy:\n      replicas: 2\n  app:\n    extends: base\n", errors: [{"line": 4, "column": 5, "endLine": 4, "endColumn": 11}, {"line": 6, "column": 3, "endLine": 6, "endColumn": 6}] },
    { code: "services:\n  app:\n    image: example/app:1.0\n", errors: [{"line": 2, "column": 3, "endLine": 2, "endColumn": 6}] },
  ],
});
