import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './container-name-with-replicas.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    image: example/app:1.0\n    container_name: app\n",
    "services:\n  app:\n    image: example/app:1.0\n    container_name: app\n    deploy:\n      replicas: 1\n",
  ],
  invalid: [
    { code: "services:\n  app:\n    image: example/app:1.0\n    container_name: app\n    deploy:\n      replicas: 2\n", errors: [{"line": 4, "column": 5, "endLine": 4, "endColumn": 19, "message": "2 replicas"}] },
    { code: "services:\n  app:\n    image: example/app:1.0\n    container_name: app\n    scale: 3\n", errors: [{"line": 4, "column": 5, "endLine": 4, "endColumn": 19}] },
  ],
});
