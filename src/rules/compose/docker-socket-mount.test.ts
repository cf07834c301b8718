import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './docker-socket-mount.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    image: example/app:1.0\n",
    "services:\n  app:\n    image: example/app:1.0\n    volumes:\n      - ./docker.sock.d:/x\n      - sock:/var/run/docker.sock\n",
  ],
  invalid: [
    { code: "services:\n  app:\n    image: example/app:1.0\n    volumes:\n      - /var/run/docker.sock:/var/run/docker.sock\n", errors: [{"line": 5, "column": 9, "endLine": 5, "endColumn": 29, "message": "grants root"}] },
    { code: "services:\n  app:\n    image: example/app:1.0\n    volumes:\n      - /var/run/docker.sock:/var/run/docker.sock:ro\n", errors: [{"line": 5, "column": 9, "endLine": 5, "endColumn": 29, "message": "read-only does not restrict"}] },
    { code: "services:\n  app:\n    image: example/app:1.0\n    volumes:\n      - type: bind\n        source: /run/podman/podman.sock\n        target: /var/run/docker.sock\n        read_only: true\n", errors: [{"line": 6, "column": 17, "endLine": 6, "endColumn": 40}], name: "long syntax" },
    { code: "services:\n  app:\n    image: example/app:1.0\n    volumes:\n      - \"/var/run/docker.sock:/var/run/docker.sock\"\n", errors: [{"line": 5, "column": 10, "endLine": 5, "endColumn": 30}], name: "quoted" },
  ],
});
