import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './invalid-extends.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  base:\n    image: example/app:1.0\n  app:\n    extends: base\n",
    "services:\n  app:\n    extends:\n      file: common.yml\n      service: web\n",
  ],
  invalid: [
    { code: "services:\n  app:\n    extends:\n      service: bsae\n", errors: [{"line": 4, "column": 16, "endLine": 4, "endColumn": 20, "message": "\"bsae\""}] },
    { code: "services:\n  a:\n    extends: b\n  b:\n    extends: c\n  c:\n    extends: a\n", errors: [{"line": 3, "column": 14, "endLine": 3, "endColumn": 15, "message": "a -> b -> c -> a"}], name: "loop reported once" },
  ],
});
