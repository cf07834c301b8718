import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './unconfined-security-profile.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    image: example/app:1.0\n",
    "services:\n  app:\n    image: example/app:1.0\n    security_opt: [\"no-new-privileges:true\", \"seccomp=./profile.json\"]\n",
  ],
  invalid: [
    { name: 'seccomp unconfined behind a label: prefix', code: "services:\n  app:\n    image: example/app:1.0\n    security_opt:\n      - \"label:seccomp:unconfined\"\n      - label=apparmor=unconfined\n", errors: [{"line": 5, "column": 9, "endLine": 5, "endColumn": 35}, {"line": 6, "column": 9, "endLine": 6, "endColumn": 34}] },
    { code: "services:\n  app:\n    image: example/app:1.0\n    security_opt:\n      - seccomp:unconfined\n      - apparmor=unconfined\n      - label:disable\n      - no-new-privileges\n", errors: [{"line": 5, "column": 9, "endLine": 5, "endColumn": 27}, {"line": 6, "column": 9, "endLine": 6, "endColumn": 28}, {"line": 7, "column": 9, "endLine": 7, "endColumn": 22}] },
  ],
});
