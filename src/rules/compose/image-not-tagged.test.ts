import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './image-not-tagged.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    image: example/app:1.0\n",
    "services:\n  app:\n    image: postgres@sha256:4ec37d2a07a0067f176fdcc9d4bb633a5724d2cc4f892c7a2046d054bb6939e5\n",
    "services:\n  app:\n    image: example/app:${TAG:-latest}\n",
    "services:\n  app:\n    build: .\n    image: example/app\n",
    "services:\n  app:\n    image: localhost:5000/app:2.1\n",
  ],
  invalid: [
    { code: "services:\n  app:\n    image: postgres\n", errors: [{"line": 3, "column": 12, "endLine": 3, "endColumn": 20, "message": "has no tag"}] },
    { code: "services:\n  app:\n    image: \"ghcr.io/org/app:latest\"\n", errors: [{"line": 3, "column": 12, "endLine": 3, "endColumn": 36, "message": ":latest"}] },
    { code: "services:\n  app:\n    image: localhost:5000/app\n", errors: [{"line": 3, "column": 12, "endLine": 3, "endColumn": 30}], name: "registry port is not a tag" },
  ],
});
