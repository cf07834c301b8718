import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './dangerous-device.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    image: example/app:1.0\n",
    "services:\n  app:\n    image: example/app:1.0\n    devices: [\"/dev/net/tun:/dev/net/tun\", \"/dev/fuse\"]\n",
  ],
  invalid: [
    { code: "services:\n  app:\n    image: example/app:1.0\n    devices:\n      - /dev/mem:/dev/mem\n      - /dev/sda:/dev/xvda:rwm\n      - /dev/nvme0n1\n", errors: [{"line": 5, "column": 9, "endLine": 5, "endColumn": 26, "message": "/dev/mem"}, {"line": 6, "column": 9, "endLine": 6, "endColumn": 31, "message": "/dev/sda"}, {"line": 7, "column": 9, "endLine": 7, "endColumn": 21}] },
    { code: "services:\n  app:\n    image: example/app:1.0\n    devices:\n      - source: /dev/kmem\n        target: /dev/kmem\n", errors: [{"line": 5, "column": 17, "endLine": 5, "endColumn": 26}] },
  ],
});
