import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './healthcheck-missing.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    image: example/app:1.0\n    healthcheck:\n      test: [\"CMD\", \"true\"]\n",
    "x-hc: &hc\n  healthcheck:\n    test: [\"CMD\", \"true\"]\nservices:\n  app:\n    <<: *hc\n    image: example/app:1.0\n",
    "services:\n  base:\n    image: example/app:1.0\n    healthcheck:\n      disable: true\n  app:\n    extends: base\n",
  ],
  invalid: [
    { code: "services:\n  app:\n    image: example/app:1.0\n", errors: [{"line": 2, "column": 3, "endLine": 2, "endColumn": 6, "message": "\"app\" has no healthcheck"}] },
    { code: "services:\n  base:\n    image: example/app:1.0\n  app:\n    extends: { service: base }\n", errors: [{"line": 2, "column": 3, "endLine": 2, "endColumn": 7}, {"line": 4, "column": 3, "endLine": 4, "endColumn": 6}] },
  ],
});
