import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './depends-on-profiled-service.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    image: example/app:1.0\n    depends_on: [db]\n  db:\n    image: postgres:16\n",
    "services:\n  app:\n    image: example/app:1.0\n    profiles: [debug]\n    depends_on: [tool]\n  tool:\n    image: example/tool:1.0\n    profiles: [debug, ops]\n",
    "services:\n  app:\n    image: example/app:1.0\n    depends_on:\n      tool:\n        condition: service_started\n        required: false\n  tool:\n    image: example/tool:1.0\n    profiles: [debug]\n",
  ],
  invalid: [
    { code: "services:\n  app:\n    image: example/app:1.0\n    depends_on: [tool]\n  tool:\n    image: example/tool:1.0\n    profiles: [debug]\n", errors: [{"line": 4, "column": 18, "endLine": 4, "endColumn": 22, "message": "profile debug"}] },
    { code: "services:\n  app:\n    image: example/app:1.0\n    profiles: [ops, debug]\n    depends_on: [tool]\n  tool:\n    image: example/tool:1.0\n    profiles: [debug]\n", errors: [{"line": 5, "column": 18, "endLine": 5, "endColumn": 22}], name: "dependent enabled by a profile the dependency lacks" },
  ],
});
