import { testRule } from '../../../test/support/rule-tester.ts';
import { composeAnalyzer } from './index.ts';
import { rule } from './container-name-invalid.ts';

testRule(composeAnalyzer, rule, {
  valid: [
    "services:\n  db:\n    image: example/db:1.0\n    container_name: app_db.1-primary\n",
    "services:\n  db:\n    image: example/db:1.0\n    container_name: ${PROJECT}-db\n",
  ],
  invalid: [
    { code: "services:\n  db:\n    image: example/db:1.0\n    container_name: -db\n  cache:\n    image: example/cache:1.0\n    container_name: \"cache:main\"\n  q:\n    image: example/q:1.0\n    container_name: q\n", errors: [{ line: 4, column: 21, endColumn: 24, message: '"-db"' }, { line: 7, column: 21, endColumn: 33 }, { line: 10, column: 21, endColumn: 22 }] },
  ],
});
