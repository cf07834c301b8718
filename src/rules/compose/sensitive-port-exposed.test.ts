import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './sensitive-port-exposed.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    image: example/app:1.0\n    ports: [\"127.0.0.1:5432:5432\"]\n",
    "services:\n  app:\n    image: example/app:1.0\n    expose: [\"6379\"]\n",
    "services:\n  app:\n    image: example/app:1.0\n    ports: [\"8080:80\"]\n",
  ],
  invalid: [
    { code: "services:\n  app:\n    image: example/app:1.0\n    ports:\n      - \"5432:5432\"\n      - \"16379:6379\"\n", errors: [{"line": 5, "column": 9, "endLine": 5, "endColumn": 20, "message": "PostgreSQL (port 5432)"}, {"line": 6, "column": 9, "endLine": 6, "endColumn": 21, "message": "Redis"}] },
    { code: "services:\n  app:\n    image: example/app:1.0\n    ports:\n      - target: 27017\n", errors: [{"line": 5, "column": 9, "endLine": 5, "endColumn": 22, "message": "MongoDB"}], name: "long syntax without published" },
    { code: "services:\n  app:\n    image: example/app:1.0\n    ports: [\"2370-2380:2370-2380\"]\n", errors: [{"line": 4, "column": 13, "endLine": 4, "endColumn": 34, "message": "Docker API"}], name: "range containing a sensitive port" },
    { code: "services:\n  db:\n    image: postgres:16\n    ports: [\"5432:5432\"]\n", file: "compose.yaml", errors: [{"line": 4, "column": 13, "severity": "high"}], name: "production file: high" },
    { code: "services:\n  db:\n    image: postgres:16\n    ports: [\"5432:5432\"]\n", file: "docker-compose.dev.yml", errors: [{"line": 4, "column": 13, "severity": "medium"}], name: "development file: medium" },
    { code: "services:\n  kong:\n    image: kong:3.9\n    ports:\n      - \"8000:8000\"\n      - \"8001:8001/tcp\"\n      - \"8444:8444/tcp\"\n", errors: [{"line": 6, "column": 9, "message": "Kong Admin API"}, {"line": 7, "column": 9, "message": "Kong Admin API (TLS)"}], name: "unauthenticated admin APIs: Kong" },
    { code: "services:\n  kratos:\n    image: oryd/kratos:v1.3\n    ports: [\"4433:4433\", \"4434:4434\"]\n", errors: [{"line": 4, "column": 26, "message": "Ory Kratos admin API"}], name: "unauthenticated admin APIs: Ory Kratos" },
  ],
});
