import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './undefined-network.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    image: example/app:1.0\n    networks: [default, front]\nnetworks:\n  front: {}\n",
    "services:\n  app:\n    image: example/app:1.0\n    networks:\n      front:\n        aliases: [web]\nnetworks:\n  front:\n",
  ],
  invalid: [
    { code: "services:\n  app:\n    image: example/app:1.0\n    networks:\n      backend:\n        ipv4_address: 10.0.0.2\n", errors: [{"line": 5, "column": 7, "endLine": 5, "endColumn": 14, "message": "network \"backend\""}] },
  ],
});
