import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './shared-mount-propagation.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    image: example/app:1.0\n",
    "services:\n  app:\n    image: example/app:1.0\n    volumes:\n      - /mnt:/mnt:ro,rprivate\n",
  ],
  invalid: [
    { code: "services:\n  app:\n    image: example/app:1.0\n    volumes:\n      - /mnt:/mnt:ro,rshared\n", errors: [{"line": 5, "column": 22, "endLine": 5, "endColumn": 29, "message": "\"rshared\""}] },
    { code: "services:\n  app:\n    image: example/app:1.0\n    volumes:\n      - type: bind\n        source: /mnt\n        target: /mnt\n        bind:\n          propagation: slave\n", errors: [{"line": 9, "column": 24, "endLine": 9, "endColumn": 29}] },
  ],
});
