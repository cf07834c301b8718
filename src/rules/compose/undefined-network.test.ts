import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './undefined-network.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    image: example/app:1.0\n    networks: [default, front]\nnetworks:\n  front: {}\n",
    "services:\n  app:\n    image: example/app:1.0\n    networks:\n      front:\n        aliases: [web]\nnetworks:\n  front:\n",
  ],
  invalid: [
    { code: "services:\n  app:\n    image: example/app:1.0\n    networks:\n      backend:\n        ipv4_address: 10.0.0.2\n", errors: [{"line": 5, "column": 7, "endLine": 5, "endColumn": 14, "message": "network \"backend\"", "severity": "high"}] },
    { name: 'an override by name that declares no networks: info', file: 'deploy/docker-compose.prod.yml', code: "services:\n  app:\n    networks: [backend]\n", errors: [{ line: 3, column: 16, endColumn: 23, severity: 'info' }] },
    { name: 'compose.override.yaml too', file: 'compose.override.yaml', code: "services:\n  app:\n    image: example/app:1.0\n    networks: [backend]\n", errors: [{ line: 4, column: 16, endColumn: 23, severity: 'info' }] },
    { name: 'an override that declares networks of its own: a name it lacks is a typo', file: 'compose.prod.yaml', code: "services:\n  app:\n    networks: [edge, backnd]\nnetworks:\n  edge: {}\n", errors: [{ line: 3, column: 22, endColumn: 28, severity: 'high' }] },
    { name: 'a base file is judged as it is', file: 'compose.yaml', code: "services:\n  app:\n    image: example/app:1.0\n    networks: [backend]\n", errors: [{ line: 4, column: 16, endColumn: 23, severity: 'high' }] },
    { code: "services:\n  app:\n    image: example/app:1.0\n    networks:\n      backend:\n        ipv4_address: 10.0.0.2\n", errors: [{"line": 5, "column": 7, "endLine": 5, "endColumn": 14, "message": "network \"backend\""}] },
    { code: "services:\n  app:\n    build: .\n  web:\n    networks: [edge]\n", errors: [{"line": 5, "column": 16, "severity": "medium"}], name: "an override fragment: medium" },
    { name: 'an -f extension written for another project directory: medium', file: 'extensions/cache/cache-compose.yml', code: "services:\n  cache:\n    build:\n      context: extensions/cache/\n    networks: [elk]\n", errors: [{ line: 5, column: 16, severity: 'medium' }] },
    { name: 'paths relative to the file itself: high', file: 'extensions/cache/cache-compose.yml', code: "services:\n  cache:\n    build:\n      context: .\n    volumes: ['./conf:/conf']\n    networks: [elk]\n", errors: [{ line: 6, column: 16, severity: 'high' }] },
  ],
});
