import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './no-new-privileges-missing.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    image: example/app:1.0\n    security_opt: [\"no-new-privileges:true\"]\n",
    "services:\n  app:\n    image: example/app:1.0\n    security_opt: [no-new-privileges]\n",
    "services:\n  app:\n    image: example/app:1.0\n    security_opt: [\"no-new-privileges=true\"]\n",
    "x-hardening: &h\n  security_opt: [\"no-new-privileges:true\"]\nservices:\n  app:\n    <<: *h\n    image: example/app:1.0\n",
  ],
  invalid: [
    { code: "services:\n  app:\n    image: example/app:1.0\n", errors: [{"line": 2, "column": 3, "endLine": 2, "endColumn": 6}] },
    { code: "services:\n  app:\n    image: example/app:1.0\n    security_opt: [\"no-new-privileges:false\"]\n", errors: [{"line": 4, "column": 5, "endLine": 4, "endColumn": 17}] },
  ],
});
