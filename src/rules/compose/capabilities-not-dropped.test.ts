import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './capabilities-not-dropped.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    image: example/app:1.0\n    cap_drop: [ALL]\n",
    "services:\n  app:\n    image: example/app:1.0\n    cap_drop:\n      - all\n",
    "services:\n  app:\n    image: example/app:1.0\n    privileged: true\n",
    "services:\n  base:\n    image: example/app:1.0\n    cap_drop: [ALL]\n  app:\n    extends: base\n",
    "services:\n  app:\n    extends:\n      file: base.yml\n      service: app\n",
  ],
  invalid: [
    { code: "services:\n  app:\n    image: example/app:1.0\n", errors: [{"line": 2, "column": 3, "endLine": 2, "endColumn": 6, "message": "does not drop"}] },
    { code: "services:\n  app:\n    image: example/app:1.0\n    cap_drop: [NET_RAW]\n", errors: [{"line": 4, "column": 5, "endLine": 4, "endColumn": 13, "message": "not ALL"}] },
  ],
});
