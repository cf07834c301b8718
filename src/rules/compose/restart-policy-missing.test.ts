import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './restart-policy-missing.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    image: example/app:1.0\n    restart: unless-stopped\n",
    "services:\n  app:\n    image: example/app:1.0\n    deploy:\n      restart_policy:\n        condition: on-failure\n",
    "services:\n  app:\n    image: example/app:1.0\n    restart: \"no\"\n",
  ],
  invalid: [
    { code: "services:\n  app:\n    image: example/app:1.0\n", errors: [{"line": 2, "column": 3, "endLine": 2, "endColumn": 6}] },
    { code: "services:\n  app:\n    image: example/app:1.0\n    deploy:\n      replicas: 2\n", errors: [{"line": 2, "column": 3, "endLine": 2, "endColumn": 6}] },
  ],
});
