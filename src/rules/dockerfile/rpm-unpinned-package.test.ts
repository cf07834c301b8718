import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './rpm-unpinned-package.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM fedora\nRUN dnf install -y httpd-2.4.62 "nginx >= 1.24" @development-tools /tmp/x.rpm\n',
    'FROM fedora\nRUN dnf install -y $PKGS\n',
  ],
  invalid: [
    { code: 'FROM centos:7\nRUN yum install -y --enablerepo epel httpd-2.4 python3-devel\n', errors: [{ line: 2, column: 48, endColumn: 61, message: '`python3-devel`' }] },
  ],
});
