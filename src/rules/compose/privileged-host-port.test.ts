import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './privileged-host-port.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    image: example/app:1.0\n",
    "services:\n  app:\n    image: example/app:1.0\n    ports: [\"127.0.0.1:8080:80\", \"3000\"]\n",
    "services:\n  app:\n    image: example/app:1.0\n    network_mode: host\n    ports: [\"80:80\"]\n",
  ],
  invalid: [
    { code: "services:\n  app:\n    image: example/app:1.0\n    ports:\n      - \"127.0.0.1:80:8080\"\n      - \"443:8443\"\n", errors: [{"line": 5, "column": 20, "endLine": 5, "endColumn": 22, "message": "port 80"}, {"line": 6, "column": 10, "endLine": 6, "endColumn": 13, "message": "port 443"}] },
    { code: "services:\n  app:\n    image: example/app:1.0\n    ports:\n      - target: 53\n        published: 53\n        protocol: udp\n", errors: [{"line": 6, "column": 20, "endLine": 6, "endColumn": 22}] },
  ],
});
