import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './rpm-cache-not-cleaned.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM fedora\nRUN dnf in -y httpd && dnf clean all\n',
    'FROM fedora\nRUN --mount=type=tmpfs,target=/var/cache/dnf dnf install -y httpd\n',
    'FROM fedora\nRUN dnf module install -y nodejs:20 && dnf clean all\n',
    'FROM fedora\nRUN dnf install -y httpd && dnf clean all\n',
    'FROM centos:7\nRUN yum -y install httpd && yum -q clean all\n',
    'FROM ubi9/ubi-minimal\nRUN microdnf install -y httpd && microdnf clean all\n',
    'FROM fedora\nRUN dnf install -y httpd && rm -rf /var/cache/dnf\n',
    'FROM fedora\nRUN --mount=type=cache,target=/var/cache/dnf dnf install -y httpd\n',
    'FROM fedora AS build\nRUN dnf install -y gcc\nFROM scratch\nCOPY --from=build /x /x\n',
  ],
  invalid: [
    { code: 'FROM fedora\nRUN dnf in -y httpd\n', errors: [{ line: 2, column: 5, endColumn: 11, message: '`dnf in` leaves' }] },
    { code: 'FROM fedora\nRUN dnf -y up-min\n', errors: [{ line: 2, column: 5, endColumn: 18 }] },
    { code: 'FROM fedora\nRUN dnf -y rei bash\n', errors: [{ line: 2, column: 5, endColumn: 15 }] },
    { code: 'FROM fedora\nRUN dnf module install -y nodejs:20\n', errors: [{ line: 2, column: 5, endColumn: 23 }] },
    { code: 'FROM ubi9/ubi-minimal\nRUN microdnf install -y jq && dnf clean all\n', errors: [{ line: 2, column: 5, endColumn: 21 }] },
    { code: 'FROM fedora\nRUN dnf install -y httpd\n', errors: [{ line: 2, column: 5, endColumn: 16, message: 'dnf clean all' }] },
    { code: 'FROM centos:7\nRUN yum clean all && yum -y install httpd && yum clean packages\n', errors: [{ line: 2, column: 22, endColumn: 36, message: 'yum clean all' }] },
    { code: 'FROM ubi9/ubi-minimal\nRUN microdnf update -y\n', errors: [{ line: 2, column: 5, endColumn: 20 }] },
  ],
});
