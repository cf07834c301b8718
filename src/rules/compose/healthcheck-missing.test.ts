import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './healthcheck-missing.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    image: example/app:1.0\n    healthcheck:\n      test: [\"CMD\", \"true\"]\n",
    "x-hc: &hc\n  healthcheck:\n    test: [\"CMD\", \"true\"]\nservices:\n  app:\n    <<: *hc\n    image: example/app:1.0\n",
    "services:\n  base:\n    image: example/app:1.0\n    healthcheck:\n      test: [\"CMD-SHELL\", \"curl -f http://localhost/ || exit 1\"]\n  app:\n    extends: base\n",
    "services:\n  app:\n    image: example/app:1.0\n    healthcheck:\n      disable: false\n      test: [\"CMD\", \"/bin/check\"]\n",
  ],
  invalid: [
    { name: 'disable: true turns it off (at the key)', code: "services:\n  app:\n    image: example/app:1.0\n    healthcheck:\n      disable: true\n", errors: [{"line": 5, "column": 7, "endLine": 5, "endColumn": 14, "message": "turns its healthcheck off"}] },
    { name: 'test: [NONE] turns it off', code: "services:\n  app:\n    image: example/app:1.0\n    healthcheck:\n      interval: 10s\n      test: [\"NONE\"]\n", errors: [{"line": 6, "column": 7, "endLine": 6, "endColumn": 11}] },
    { name: 'test: NONE as a string', code: "services:\n  app:\n    image: example/app:1.0\n    healthcheck:\n      test: none\n", errors: [{"line": 5, "column": 7, "endLine": 5, "endColumn": 11}] },
    { name: 'a disabled healthcheck passed down by extends is reported once, on the base', code: "services:\n  base:\n    image: example/app:1.0\n    healthcheck:\n      disable: \"true\"\n  app:\n    extends: base\n", errors: [{"line": 5, "column": 7, "endLine": 5, "endColumn": 14}] },
    { code: "services:\n  app:\n    image: example/app:1.0\n", errors: [{"line": 2, "column": 3, "endLine": 2, "endColumn": 6, "message": "\"app\" has no healthcheck"}] },
    { code: "services:\n  base:\n    image: example/app:1.0\n  app:\n    extends: { service: base }\n", errors: [{"line": 2, "column": 3, "endLine": 2, "endColumn": 7}, {"line": 4, "column": 3, "endLine": 4, "endColumn": 6}] },
  ],
});
