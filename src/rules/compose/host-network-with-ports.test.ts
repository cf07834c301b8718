import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './host-network-with-ports.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    image: example/app:1.0\n    ports: [\"127.0.0.1:80:80\"]\n",
    "services:\n  app:\n    image: example/app:1.0\n    network_mode: host\n",
  ],
  invalid: [
    { code: "services:\n  app:\n    image: example/app:1.0\n    network_mode: host\n    ports: [\"127.0.0.1:80:80\"]\n", errors: [{"line": 5, "column": 5, "endLine": 5, "endColumn": 10}] },
  ],
});
