import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './invalid-interpolation.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  app:\n    image: example/app:1.0\n    command: [\"sh\", \"-c\", \"echo $$HOME ${A:-${B:-x}} $1 $\"]\n    environment:\n      A: ${A?must be set}\n      B: \"${B:+alt}\"\n",
  ],
  invalid: [
    { code: "services:\n  app:\n    image: example/app:1.0\n    environment:\n      URL: http://${HOST:80\n      X: ${}\n      Y: \"${9LIVES}\"\n      Z: ${A:-${B}\n", errors: [{"line": 5, "column": 19, "endLine": 5, "endColumn": 28, "message": "unterminated"}, {"line": 6, "column": 10, "endLine": 6, "endColumn": 13, "message": "invalid interpolation \"${}\""}, {"line": 7, "column": 11, "endLine": 7, "endColumn": 20}, {"line": 8, "column": 10, "endLine": 8, "endColumn": 19}] },
    { code: "x-img: &img \"app:${TAG\"\nservices:\n  a:\n    image: *img\n  b:\n    image: *img\n", errors: [{"line": 1, "column": 18, "endLine": 1, "endColumn": 23}], name: "aliased error reported once at the anchor" },
  ],
});
