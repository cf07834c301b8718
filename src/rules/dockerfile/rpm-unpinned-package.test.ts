import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './rpm-unpinned-package.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM rockylinux:9 AS deps\nENV CURL_VERSION=8.5.0-1.el9\nFROM deps\nRUN dnf install -y curl-${CURL_VERSION} && dnf clean all\n',
    'FROM rockylinux:9\nRUN dnf install -y curl-${CURL_VERSION} && dnf clean all\n',
    'FROM rockylinux:9 AS deps\nENV V=1\nFROM rockylinux:9\nRUN V=8.5.0 && dnf install -y curl-$V && dnf clean all\n',
    'FROM fedora\nRUN dnf module install -y nodejs:20/minimal && dnf clean all\n',
    'FROM fedora\nRUN dnf install -y httpd-2.4.62 "nginx >= 1.24" @development-tools /tmp/x.rpm\n',
    'FROM fedora\nRUN dnf install -y $PKGS\n',
  ],
  invalid: [
    { name: 'a version variable set only in another stage is empty here', code: 'FROM rockylinux:9 AS deps\nARG CURL_VERSION=8.5.0-1.el9\nFROM rockylinux:9\nRUN dnf install -y curl-${CURL_VERSION} && dnf clean all\n', errors: [{ line: 4, column: 20, endColumn: 40, message: 'set in another stage' }] },
    { name: 'an ARG does not reach a stage built on its own', code: 'FROM rockylinux:9 AS deps\nARG CURL_VERSION=8.5.0-1.el9\nFROM deps\nRUN dnf install -y curl-${CURL_VERSION}\n', errors: [{ line: 4, column: 20, endColumn: 40 }] },
    { code: 'FROM fedora\nRUN dnf in -y jq-1.7 curl && dnf clean all\n', errors: [{ line: 2, column: 22, endColumn: 26, message: 'curl' }] },
    { code: 'FROM fedora\nRUN dnf module install -y postgresql && dnf clean all\n', errors: [{ line: 2, column: 27, endColumn: 37 }] },
    { code: 'FROM centos:7\nRUN yum install -y --enablerepo epel httpd-2.4 python3-devel\n', errors: [{ line: 2, column: 48, endColumn: 61, message: '`python3-devel`' }] },
  ],
});
