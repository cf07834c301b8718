import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './build-and-image.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    build: .\n    image: registry.example.com/app:1.0\n    pull_policy: always\n",
    "services:\n  app:\n    build: .\n    image: registry.example.com/app:1.0\n    pull_policy: daily\n",
    "services:\n  app:\n    image: example/app:1.0\n",
    "services:\n  app:\n    build: .\n",
    "services:\n  app:\n    build: .\n    image: example/app:1.0\n    pull_policy: never\n",
  ],
  invalid: [
    { name: 'pull_policy: missing is the default', code: "services:\n  app:\n    build: .\n    image: example/app:1.0\n    pull_policy: missing\n", errors: [{"line": 4, "column": 12, "endLine": 4, "endColumn": 27}] },
    { code: "services:\n  app:\n    build:\n      context: .\n    image: example/app:1.0\n", errors: [{"line": 5, "column": 12, "endLine": 5, "endColumn": 27, "message": "pull_policy: build"}] },
    { code: "services:\n  app:\n    build: .\n    image: example/app@sha256:4ec37d2a07a0067f176fdcc9d4bb633a5724d2cc4f892c7a2046d054bb6939e5\n    pull_policy: build\n", errors: [{"line": 4, "column": 12, "endLine": 4, "endColumn": 95, "message": "digest"}] },
  ],
});
