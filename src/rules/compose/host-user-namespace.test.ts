import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './host-user-namespace.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    image: example/app:1.0\n",
    "services:\n  app:\n    image: example/app:1.0\n    userns_mode: \"\"\n",
  ],
  invalid: [
    { code: "services:\n  app:\n    image: example/app:1.0\n    userns_mode: host\n", errors: [{"line": 4, "column": 18, "endLine": 4, "endColumn": 22}] },
    { code: "services:\n  app:\n    image: example/app:1.0\n    userns_mode: \"HOST\"\n", errors: [{"line": 4, "column": 18, "endLine": 4, "endColumn": 24}] },
  ],
});
