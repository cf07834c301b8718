import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './host-ipc-namespace.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    image: example/app:1.0\n",
    "services:\n  app:\n    image: example/app:1.0\n    ipc: \"service:db\"\n",
  ],
  invalid: [
    { code: "services:\n  app:\n    image: example/app:1.0\n    ipc: host\n", errors: [{"line": 4, "column": 10, "endLine": 4, "endColumn": 14}] },
    { code: "services:\n  app:\n    image: example/app:1.0\n    ipc: \"HOST\"\n", errors: [{"line": 4, "column": 10, "endLine": 4, "endColumn": 16}] },
  ],
});
