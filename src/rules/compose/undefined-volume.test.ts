import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './undefined-volume.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    image: example/app:1.0\n    volumes: [\"data:/data\", \"./x:/x\", \"/abs:/abs\", \"/anon\", \"${VOL}:/v\"]\nvolumes:\n  data:\n",
  ],
  invalid: [
    { code: "services:\n  app:\n    image: example/app:1.0\n    volumes:\n      - dbdata:/var/lib/data\n      - type: volume\n        source: cache\n        target: /cache\n", errors: [{"line": 5, "column": 9, "endLine": 5, "endColumn": 15, "message": "volume \"dbdata\""}, {"line": 7, "column": 17, "endLine": 7, "endColumn": 22}] },
    { code: "services:\n  app:\n    image: example/app:1.0\n    volumes: [\"data:/data\"]\n", errors: [{"line": 4, "column": 16, "severity": "high"}], name: "a file that runs alone: high" },
    { code: "services:\n  app:\n    volumes: [\"data:/data\"]\n", errors: [{"line": 3, "column": 16, "severity": "medium"}], name: "an override fragment (no image, build or extends): medium" },
  ],
});
