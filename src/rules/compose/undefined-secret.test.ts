import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './undefined-secret.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    image: example/app:1.0\n    secrets: [db]\nsecrets:\n  db:\n    file: ./db.txt\n",
  ],
  invalid: [
    { code: "services:\n  app:\n    image: example/app:1.0\n    secrets:\n      - source: db_pass\n        target: password\n", errors: [{"line": 5, "column": 17, "endLine": 5, "endColumn": 24}] },
    { code: "services:\n  app:\n    build:\n      context: .\n      secrets: [npm]\n", errors: [{"line": 5, "column": 17, "endLine": 5, "endColumn": 20, "message": "secret \"npm\""}], name: "build secrets" },
  ],
});
