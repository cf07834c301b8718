import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './secret-in-labels.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    image: example/app:1.0\n",
    "services:\n  app:\n    image: example/app:1.0\n    labels:\n      com.example.password-policy: strict\n",
  ],
  invalid: [
    { code: "services:\n  app:\n    image: example/app:1.0\n    labels:\n      com.example.api_key: abcd-efgh-ijkl\n", errors: [{"line": 5, "column": 28, "endLine": 5, "endColumn": 42}] },
    { code: "services:\n  app:\n    image: example/app:1.0\n    labels:\n      com.example.api_key: abcd-efgh-ijkl\n", file: "compose.ci.yaml", errors: [{"line": 5, "column": 28, "severity": "medium"}], name: "CI file: medium" },
  ],
});
