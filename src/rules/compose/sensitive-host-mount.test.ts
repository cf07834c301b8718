import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './sensitive-host-mount.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    image: example/app:1.0\nvolumes:\n  hostetc:\n    driver_opts: {o: bind, device: /etc, type: none}\n",
    "services:\n  db:\n    image: example/db:1.0\n    volumes: [\"data:/var/lib/db\"]\nvolumes:\n  data:\n    driver_opts: {o: bind, device: /srv/db-data, type: none}\n",
    "services:\n  db:\n    image: example/db:1.0\n    volumes: [\"data:/var/lib/db\"]\nvolumes:\n  data:\n    driver: nfs-plugin\n    driver_opts: {device: /etc}\n",
    "services:\n  app:\n    image: example/app:1.0\n",
    "services:\n  app:\n    image: example/app:1.0\n    volumes:\n      - /etc/localtime:/etc/localtime:ro\n      - ./etc:/etc/app\n      - data:/home\n      - /srv/app:/app\n      - ${DATA}:/h\n",
    "services:\n  app:\n    image: example/app:1.0\n    volumes:\n      - ~/Pictures:/pictures:ro\n      - $HOME/projects/site:/site\n      - ${HOME}/.cache/pip:/root/.cache/pip\n      - /home/ann/code:/code\n      - /Users/ann/dev:/dev-src\n      - ../shared:/shared\n      - ./.ssh-config:/cfg\n",
  ],
  invalid: [
    { name: 'a named volume bound to /etc, at its device', code: "services:\n  app:\n    image: example/app:1.0\n    volumes:\n      - hostetc:/host/etc\nvolumes:\n  hostetc:\n    driver_opts:\n      type: none\n      o: bind\n      device: /etc\n", errors: [{"line": 11, "column": 15, "endLine": 11, "endColumn": 19, "message": "/etc writable"}] },
    { name: 'read-only by every service that mounts it: medium', code: "services:\n  agent:\n    image: example/agent:1.0\n    volumes:\n      - type: volume\n        source: hostproc\n        target: /host/proc\n        read_only: true\nvolumes:\n  hostproc:\n    driver: local\n    driver_opts: {o: \"rbind,ro\", device: /proc, type: none}\n", errors: [{"line": 12, "column": 42, "endLine": 12, "endColumn": 47, "severity": "medium"}] },
    { name: 'local-persist mountpoint', code: "services:\n  app:\n    image: example/app:1.0\n    volumes: [\"keys:/keys\"]\nvolumes:\n  keys:\n    driver: local-persist\n    driver_opts:\n      mountpoint: /root/.ssh\n", errors: [{"line": 9, "column": 19, "endLine": 9, "endColumn": 29}] },
    { code: "services:\n  app:\n    image: example/app:1.0\n    volumes:\n      - /:/host\n", errors: [{"line": 5, "column": 9, "endLine": 5, "endColumn": 10, "message": "/ writable"}] },
    { code: "services:\n  app:\n    image: example/app:1.0\n    volumes:\n      - /etc/:/host/etc:ro\n", errors: [{"line": 5, "column": 9, "endLine": 5, "endColumn": 14, "message": "read-only"}] },
    { code: "services:\n  app:\n    image: example/app:1.0\n    volumes:\n      - ~/.aws:/root/.aws\n      - /home/me/.ssh/id_ed25519:/key\n      - /proc:/host/proc:ro\n", errors: [{"line": 5, "column": 9, "endLine": 5, "endColumn": 15}, {"line": 6, "column": 9, "endLine": 6, "endColumn": 33}, {"line": 7, "column": 9, "endLine": 7, "endColumn": 14}] },
    { name: 'whole homes and their credential directories, however the home is written', code: "services:\n  app:\n    image: example/app:1.0\n    volumes:\n      - ~:/home/u\n      - ${HOME}/.kube:/kube:ro\n      - $HOME/.docker/config.json:/cfg.json\n      - /Users/ann:/ann\n      - /home:/homes\n", errors: [{"line": 5, "column": 9, "endLine": 5, "endColumn": 10, "message": "~ writable"}, {"line": 6, "column": 9, "endLine": 6, "endColumn": 22, "message": "read-only"}, {"line": 7, "column": 9, "endLine": 7, "endColumn": 34}, {"line": 8, "column": 9, "endLine": 8, "endColumn": 19}, {"line": 9, "column": 9, "endLine": 9, "endColumn": 14}] },
    { code: "services:\n  app:\n    image: example/app:1.0\n    volumes:\n      - type: bind\n        source: /sys\n        target: /sys\n", errors: [{"line": 6, "column": 17, "endLine": 6, "endColumn": 21}] },
    { code: "services:\n  app:\n    image: example/app:1.0\n    volumes:\n      - /etc/localtime:/etc/localtime\n", errors: [{"line": 5, "column": 9, "endLine": 5, "endColumn": 23}], name: "benign only when read-only" },
    { code: "services:\n  agent:\n    image: example/agent:1.0\n    volumes:\n      - /:/hostfs:ro\n      - /proc:/host/proc:ro\n      - /etc:/host/etc\n", errors: [{"line": 5, "column": 9, "severity": "medium"}, {"line": 6, "column": 9, "severity": "medium"}, {"line": 7, "column": 9, "severity": "high"}], name: "read-only system trees are medium, writable high" },
    { code: "services:\n  app:\n    image: example/app:1.0\n    volumes:\n      - /root:/r:ro\n", errors: [{"line": 5, "column": 9, "severity": "high"}], name: "a home read-only is still high" },
  ],
});
