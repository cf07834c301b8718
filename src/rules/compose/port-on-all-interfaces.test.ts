import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './port-on-all-interfaces.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    image: example/app:1.0\n    ports:\n      - \"0.0.0.0:8080:8080\"\n      - target: 80\n        published: 8081\n        host_ip: \"::\"\n",
    "services:\n  app:\n    image: example/app:1.0\n    ports:\n      - target: 8000\n        published: 127.0.0.1:8080-8090\n      - target: 9000\n        published: \"127.0.0.1\"\n",
    "services:\n  app:\n    image: example/app:1.0\n",
    "services:\n  app:\n    image: example/app:1.0\n    ports:\n      - \"127.0.0.1:8080:80\"\n      - \"[::1]:8081:80\"\n      - \"${BIND:-127.0.0.1}:8082:80\"\n      - target: 80\n        host_ip: 127.0.0.1\n        published: 8083\n",
    "services:\n  app:\n    image: example/app:1.0\n    network_mode: host\n    ports: [\"8080:80\"]\n",
    "services:\n  app:\n    image: example/app:1.0\n    ports: [\"5432:5432\"]\n",
  ],
  invalid: [
    { code: "services:\n  app:\n    image: example/app:1.0\n    ports:\n      - \"8080:80\"\n      - 3000\n      - \"0.0.0.0:9000:9000/udp\"\n", errors: [{"line": 5, "column": 9, "endLine": 5, "endColumn": 18, "message": "port 8080"}, {"line": 6, "column": 9, "endLine": 6, "endColumn": 13, "message": "port 3000"}] },
    { code: "services:\n  app:\n    image: example/app:1.0\n    ports:\n      - target: 80\n        published: \"8080\"\n", errors: [{"line": 6, "column": 20, "endLine": 6, "endColumn": 26}], name: "long syntax points at published" },
    { code: "services:\n  app:\n    image: example/app:1.0\n    ports:\n      - \"${WEB_PORT:-8080}:80\"\n", errors: [{"line": 5, "column": 9, "endLine": 5, "endColumn": 31}], name: "interpolated published port is still on all interfaces" },
  ],
});
