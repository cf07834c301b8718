import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './duplicate-host-port.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    image: example/app:1.0\n    ports: [\"127.0.0.1:8080:80\"]\n  b:\n    image: example/b:1.0\n    ports: [\"127.0.0.2:8080:80\", \"127.0.0.1:8080:80/udp\"]\n",
    "services:\n  app:\n    image: example/app:1.0\n    profiles: [dev]\n    ports: [\"8080:80\"]\n  b:\n    image: example/b:1.0\n    profiles: [prod]\n    ports: [\"8080:80\"]\n",
  ],
  invalid: [
    { code: "services:\n  app:\n    image: example/app:1.0\n    ports: [\"127.0.0.1:8080:80\"]\n  b:\n    image: example/b:1.0\n    ports:\n      - \"8080:8080\"\n", errors: [{"line": 8, "column": 10, "endLine": 8, "endColumn": 14, "message": "already published by service \"app\" (line 4)"}] },
    { code: "services:\n  app:\n    image: example/app:1.0\n    ports: [\"9000-9010:9000-9010\"]\n  b:\n    image: example/b:1.0\n    ports:\n      - target: 80\n        published: 9005\n", errors: [{"line": 9, "column": 20, "endLine": 9, "endColumn": 24}], name: "range overlap, long syntax" },
    { code: "services:\n  app:\n    image: example/app:1.0\n    ports:\n      - \"127.0.0.1:8080:80\"\n      - \"127.0.0.1:8080:80\"\n", errors: [{ line: 6, column: 20, endLine: 6, endColumn: 24, message: 'already published by service "app" (line 5)' }], name: 'the same entry twice (fixable)' },
  ],
});
