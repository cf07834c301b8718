import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './npm-strict-ssl-env-disabled.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM a:1\nENV NPM_CONFIG_STRICT_SSL=true\n'],
  invalid: [{ code: 'FROM a:1\nARG npm_config_strict_ssl=false\n', errors: [{ line: 2, column: 5 }] }],
});
