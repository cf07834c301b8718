import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './duplicate-key.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    image: example/app:1.0\n",
  ],
  invalid: [
    { code: "services:\n  app:\n    image: example/app:1.0\n    image: example/app:2.0\n", errors: [{"line": 4, "column": 5, "endLine": 4, "endColumn": 10, "message": "already defined on line 3"}] },
    { code: "services:\n  a:\n    image: example/a:1.0\n  a:\n    image: example/b:1.0\n", errors: [{"line": 4, "column": 3, "endLine": 4, "endColumn": 4}] },
    { code: "services:\n  app:\n    image: example/app:1.0\n    restart: always\n    image: example/app:1.0\n", errors: [{ line: 5, column: 5, endLine: 5, endColumn: 10, message: 'already defined on line 3' }], name: 'the same value again (fixable)' },
  ],
});
