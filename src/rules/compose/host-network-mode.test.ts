import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './host-network-mode.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    image: example/app:1.0\n",
    "services:\n  app:\n    image: example/app:1.0\n    network_mode: \"service:db\"\n",
  ],
  invalid: [
    { code: "services:\n  app:\n    image: example/app:1.0\n    network_mode: host\n", errors: [{"line": 4, "column": 19, "endLine": 4, "endColumn": 23}] },
    { code: "services:\n  app:\n    image: example/app:1.0\n    network_mode: \"HOST\"\n", errors: [{"line": 4, "column": 19, "endLine": 4, "endColumn": 25}] },
  ],
});
