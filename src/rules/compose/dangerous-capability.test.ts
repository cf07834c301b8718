import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './dangerous-capability.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    image: example/app:1.0\n",
    "services:\n  app:\n    image: example/app:1.0\n    cap_add: [NET_BIND_SERVICE, CHOWN]\n",
    // Docker's default capabilities, added back after dropping all: nothing beyond a default container.
    "services:\n  db:\n    image: postgres:16.4\n    cap_drop: [ALL]\n    cap_add: [CHOWN, DAC_OVERRIDE, FOWNER, SETGID, SETUID, SETFCAP]\n",
  ],
  invalid: [
    { code: "services:\n  app:\n    image: example/app:1.0\n    cap_add:\n      - SYS_ADMIN\n      - NET_BIND_SERVICE\n      - cap_sys_ptrace\n", errors: [{"line": 5, "column": 9, "endLine": 5, "endColumn": 18, "message": "SYS_ADMIN"}, {"line": 7, "column": 9, "endLine": 7, "endColumn": 23, "message": "SYS_PTRACE"}] },
    { code: "services:\n  app:\n    image: example/app:1.0\n    cap_add: [ALL]\n", errors: [{"line": 4, "column": 15, "endLine": 4, "endColumn": 18}] },
    { code: "services:\n  vpn:\n    image: example/vpn:1.0\n    cap_add: [NET_ADMIN, SYS_MODULE]\n", errors: [{"line": 4, "column": 15, "endColumn": 24, "severity": "medium"}, {"line": 4, "column": 26, "endColumn": 36, "severity": "high"}], name: "a network service's NET_ADMIN is medium, SYS_MODULE high" },
  ],
});
