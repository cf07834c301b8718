import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './privileged-container.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    image: example/app:1.0\n",
    "services:\n  app:\n    image: example/app:1.0\n    privileged: false\n",
    "services:\n  app:\n    image: example/app:1.0\n    privileged: \"false\"\n",
  ],
  invalid: [
    { code: "services:\n  app:\n    image: example/app:1.0\n    privileged: true\n", errors: [{"line": 4, "column": 17, "endLine": 4, "endColumn": 21, "message": "Service \"app\" runs privileged"}] },
    { code: "services:\n  app:\n    image: example/app:1.0\n    privileged: \"true\"\n", errors: [{"line": 4, "column": 17, "endLine": 4, "endColumn": 23}] },
    { code: "x-priv: &priv\n  privileged: true\nservices:\n  a:\n    <<: *priv\n    image: example/a:1.0\n", errors: [{"line": 2, "column": 15, "endLine": 2, "endColumn": 19}], name: "merged value points at the anchor" },
  ],
});
