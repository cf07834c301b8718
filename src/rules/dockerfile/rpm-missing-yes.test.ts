import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './rpm-missing-yes.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM fedora\nRUN dnf --assumeno install httpd\n',
    'FROM fedora\nRUN dnf install -y httpd\n',
    'FROM centos:7\nRUN yum -y install httpd\n',
    'FROM centos:7\nRUN yum --assumeyes --setopt=tsflags=nodocs install httpd\n',
    'FROM fedora\nRUN dnf --setopt=assumeyes=True install httpd\n',
    'FROM ubi9/ubi-minimal\nRUN microdnf install -y httpd && microdnf clean all\n',
    'FROM ubi9/ubi-minimal\nRUN microdnf --assumeyes --nodocs update\n',
    'FROM fedora\nRUN dnf clean all && dnf makecache\n',
  ],
  invalid: [
    { code: 'FROM fedora\nRUN dnf --enablerepo crb install httpd\n', errors: [{ line: 2, column: 5, endColumn: 33, message: '`dnf install`' }] },
    { code: 'FROM centos:7\nRUN yum update && yum remove -q vim\n', errors: [{ line: 2, column: 5, endColumn: 15 }, { line: 2, column: 19, endColumn: 29, message: '`yum remove`' }] },
    // microdnf asks too (and waits: the build hangs).
    { code: 'FROM ubi9/ubi-minimal\nRUN microdnf update --nodocs && microdnf install -y jq\n', errors: [{ line: 2, column: 5, endColumn: 20, message: '`microdnf update` without `-y` stops at the confirmation prompt' }] },
  ],
});
