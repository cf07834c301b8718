import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './host-pid-namespace.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    image: example/app:1.0\n",
    "services:\n  app:\n    image: example/app:1.0\n    pid: \"service:db\"\n",
  ],
  invalid: [
    { code: "services:\n  app:\n    image: example/app:1.0\n    pid: host\n", errors: [{"line": 4, "column": 10, "endLine": 4, "endColumn": 14}] },
    { code: "services:\n  app:\n    image: example/app:1.0\n    pid: \"HOST\"\n", errors: [{"line": 4, "column": 10, "endLine": 4, "endColumn": 16}] },
  ],
});
