import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './syntax-error.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    image: example/app:1.0\n",
    "include:\n  - other/compose.yaml\n",
    "services:\n",
    "- not a mapping\n",
    "services:\n  app:\n    image: example/app:1.0\n    # confgate ignore=CGC003 reason=\"trusted agent\"\n    privileged: true\n",
  ],
  invalid: [
    { code: "", errors: [{ line: 1, column: 1, endLine: 1, endColumn: 1, message: "is empty" }] },
    { code: "# comment only\n\n  # another\n", errors: [{ line: 1, column: 1, endLine: 1, endColumn: 1, message: "is empty" }] },
    { code: "services: {}\n", errors: [{ line: 1, column: 1, endLine: 1, endColumn: 9, message: "defines no service" }] },
    { code: "# networks only\nnetworks:\n  front: {}\nvolumes:\n  data: {}\n", errors: [{ line: 2, column: 1, endLine: 2, endColumn: 9, message: "defines no service" }] },
    { code: "{}\n", errors: [{ line: 1, column: 1, endLine: 1, endColumn: 3, message: "defines no service" }] },
    { code: "services:\n  app:\n    image: [unterminated\n", errors: [{"line": 4, "column": 1, "endLine": 4, "endColumn": 1, "message": "must be sufficiently indented"}] },
    { code: "services:\n  app:\n    image: example/app:1.0\n---\nservices:\n  app:\n    image: example/app:1.0\n", errors: [{"line": 4, "column": 1, "endLine": 4, "endColumn": 4, "message": "second document"}] },
    { code: "services:\n  app:\n    image: example/app:1.0\n    # confgate ignore=CGC003\n    privileged: true\n", errors: [{"line": 4, "column": 5, "endLine": 4, "endColumn": 29, "message": "has no reason"}] },
    { code: "services:\n  app:\n    image: example/app:1.0\n    # confgate ignor CGC003 reason=\"x\"\n", errors: [{"line": 4, "column": 5, "endLine": 4, "endColumn": 39, "message": "Unrecognised confgate pragma"}] },
    { code: "a: &a [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\nf: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\n", errors: [{"line": 1, "column": 1, "endLine": 6, "endColumn": 47, "message": "aliases expand"}], name: "alias bomb" },
  ],
});
