import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './runs-as-root.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    image: example/app:1.0\n",
    "services:\n  app:\n    image: example/app:1.0\n    user: \"1000:1000\"\n",
    "services:\n  app:\n    image: example/app:1.0\n    user: app\n",
    "services:\n  app:\n    image: example/app:1.0\n    user: rootless\n",
    "services:\n  app:\n    image: example/app:1.0\n    user: ${UID}\n",
  ],
  invalid: [
    { code: "services:\n  app:\n    image: example/app:1.0\n    user: root\n", errors: [{"line": 4, "column": 11, "endLine": 4, "endColumn": 15, "message": "user: root"}] },
    { code: "services:\n  app:\n    image: example/app:1.0\n    user: \"0:0\"\n", errors: [{"line": 4, "column": 11, "endLine": 4, "endColumn": 16}] },
    { code: "services:\n  app:\n    image: example/app:1.0\n    user: 0\n", errors: [{"line": 4, "column": 11, "endLine": 4, "endColumn": 12}] },
    { code: "services:\n  app:\n    image: example/app:1.0\n    user: root:wheel\n", errors: [{"line": 4, "column": 11, "endLine": 4, "endColumn": 21}] },
    { code: "services:\n  app:\n    image: example/app:1.0\n    user: root\n", file: "docker-compose.dev.yml", errors: [{"line": 4, "column": 11, "severity": "low"}], name: "development file: low" },
    { code: "services:\n  app:\n    image: example/app:1.0\n    user: root\n", file: "compose.yaml", errors: [{"line": 4, "column": 11, "severity": "medium"}], name: "production file: medium" },
  ],
});
