import { testRule } from '../../../test/support/rule-tester.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './tls-verify-flag-disabled.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: ['FROM a:1\nRUN skopeo copy --src-tls-verify=true docker://a oci:b\n'],
  invalid: [{ code: 'FROM a:1\nRUN skopeo copy --src-tls-verify=false docker://a oci:b && kubectl --insecure-skip-tls-verify apply -f x\n', errors: [{ line: 2, column: 17, endColumn: 39 }, { line: 2, column: 68 }] }],
});
