import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './risky-sysctl.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    image: example/app:1.0\n",
    "services:\n  app:\n    image: example/app:1.0\n    sysctls:\n      net.core.somaxconn: 1024\n      net.ipv4.ip_forward: 0\n      kernel.shmmax: 1000\n",
  ],
  invalid: [
    { code: "services:\n  app:\n    image: example/app:1.0\n    sysctls:\n      net.ipv4.ip_forward: 1\n      net.ipv4.conf.all.route_localnet: \"1\"\n", errors: [{"line": 5, "column": 7, "endLine": 5, "endColumn": 26, "message": "enables net.ipv4.ip_forward"}, {"line": 6, "column": 7, "endLine": 6, "endColumn": 39}] },
    { code: "services:\n  app:\n    image: example/app:1.0\n    sysctls:\n      - kernel.randomize_va_space=0\n", errors: [{"line": 5, "column": 9, "endLine": 5, "endColumn": 34, "message": "not namespaced"}] },
  ],
});
