import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './schema-violation.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    image: example/app:1.0\n",
    "services:\n  app:\n    image: example/app:1.0\n    x-custom: {anything: [1, 2]}\n    deploy:\n      replicas: ${REPLICAS:-2}\n",
    "x-anchors:\n  base: &base\n    restart: always\nservices:\n  app:\n    <<: *base\n    image: example/app:1.0\n",
  ],
  invalid: [
    { code: "services:\n  app:\n    image: example/app:1.0\n    enviroment:\n      A: b\n", errors: [{"line": 4, "column": 5, "endLine": 4, "endColumn": 15, "message": "Key \"enviroment\" is not allowed in services.app"}] },
    { code: "services:\n  app:\n    image: example/app:1.0\n    privileged: [true]\n", errors: [{"line": 4, "column": 5, "endLine": 4, "endColumn": 15, "message": "services.app.privileged must be boolean or string"}] },
    { code: "services:\n  app:\n    image: example/app:1.0\n    restart: sometimes\n    ports:\n      - target: 80\n        bogus: 1\n", errors: [{"line": 7, "column": 9, "endLine": 7, "endColumn": 14, "message": "\"bogus\""}] },
    { code: "services:\n  app:\n    image: example/app:1.0\n    healthcheck:\n      test: [\"CMD\", \"true\"]\n      interval: [30s]\n", errors: [{"line": 6, "column": 7, "endLine": 6, "endColumn": 15, "message": "services.app.healthcheck.interval must be string"}] },
    // A `__proto__` key is an unknown key like any other (it must not become the converted object's prototype).
    { code: "services:\n  app:\n    image: example/app:1.0\n    __proto__:\n      x: 1\n", errors: [{"line": 4, "column": 5, "endLine": 4, "endColumn": 14, "message": "Key \"__proto__\" is not allowed in services.app"}] },
    { code: "volumes:\n  data:\n    driver_opts: 5\nservices:\n  app:\n    image: example/app:1.0\n", errors: [{"line": 3, "column": 18, "endLine": 3, "endColumn": 19, "message": "volumes.data.driver_opts must be object"}] },
  ],
});
