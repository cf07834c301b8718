import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './secret-in-build-args.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    image: example/app:1.0\n",
    "services:\n  app:\n    build:\n      context: .\n      args:\n        VERSION: 1.2.3\n        NPM_TOKEN: ${NPM_TOKEN}\n",
  ],
  invalid: [
    { code: "services:\n  app:\n    build:\n      context: .\n      args:\n        - NPM_TOKEN=npm_abc123\n", errors: [{"line": 6, "column": 21, "endLine": 6, "endColumn": 31, "message": "Build argument \"NPM_TOKEN\""}] },
    { code: "services:\n  app:\n    build:\n      context: .\n      args:\n        - NPM_TOKEN=npm_abc123\n", file: "examples/app/compose.yaml", errors: [{"line": 6, "column": 21, "severity": "medium"}], name: "example file: medium" },
  ],
});
