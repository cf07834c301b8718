import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './undefined-service.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    image: example/app:1.0\n    depends_on: [db]\n  db:\n    image: postgres:16\n",
    "services:\n  app:\n    image: example/app:1.0\n    depends_on:\n      db:\n        condition: service_healthy\n  db:\n    image: postgres:16\n",
    "services:\n  app:\n    image: example/app:1.0\n    network_mode: \"service:db\"\n    volumes_from: [\"db:ro\", \"container:legacy\"]\n  db:\n    image: postgres:16\n",
    "include:\n  - other.yml\nservices:\n  app:\n    image: example/app:1.0\n    depends_on: [elsewhere]\n",
  ],
  invalid: [
    { code: "services:\n  app:\n    image: example/app:1.0\n    depends_on: [dbb]\n  db:\n    image: postgres:16\n", errors: [{"line": 4, "column": 18, "endLine": 4, "endColumn": 21, "message": "undefined service \"dbb\""}] },
    { code: "services:\n  app:\n    image: example/app:1.0\n    depends_on:\n      cache:\n        condition: service_started\n    links: [\"redis:cache\"]\n    pid: \"service:monitor\"\n", errors: [{"line": 5, "column": 7, "endLine": 5, "endColumn": 12}, {"line": 7, "column": 13, "endLine": 7, "endColumn": 26, "message": "\"redis\""}, {"line": 8, "column": 10, "endLine": 8, "endColumn": 27, "message": "\"monitor\""}] },
    { name: 'an override by name: the services it refers to are probably its base\'s', file: 'docker-compose.override.yml', code: "services:\n  worker:\n    image: example/worker:1.0\n    depends_on: [db]\n", errors: [{ line: 4, column: 18, endColumn: 20, severity: 'info' }] },
    { name: 'an -f extension by its bind mounts: medium', file: 'extensions/beat/beat-compose.yml', code: "services:\n  beat:\n    image: example/beat:1.0\n    volumes: ['./extensions/beat/config.yml:/config.yml:ro']\n    depends_on: [elasticsearch]\n", errors: [{ line: 5, column: 18, severity: 'medium' }] },
  ],
});
