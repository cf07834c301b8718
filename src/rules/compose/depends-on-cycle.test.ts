import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './depends-on-cycle.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    image: example/app:1.0\n    depends_on: [db]\n  db:\n    image: postgres:16\n",
    "services:\n  app:\n    image: example/app:1.0\n    depends_on: [missing]\n",
  ],
  invalid: [
    { code: "services:\n  app:\n    image: example/app:1.0\n    depends_on: [b]\n  b:\n    image: example/b:1.0\n    depends_on: [c]\n  c:\n    image: example/c:1.0\n    depends_on:\n      app:\n        condition: service_started\n", errors: [{"line": 11, "column": 7, "endLine": 11, "endColumn": 10, "message": "app -> b -> c -> app"}] },
    { code: "services:\n  app:\n    image: example/app:1.0\n    depends_on: [app]\n", errors: [{"line": 4, "column": 18, "endLine": 4, "endColumn": 21, "message": "app -> app"}], name: "self dependency" },
  ],
});
