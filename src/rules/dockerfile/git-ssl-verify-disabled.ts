// CGD052: git certificate checks disabled (GIT_SSL_NO_VERIFY, http.sslVerify false).
import { runCommands } from '../../analyzers/dockerfile/query.ts';
import { isFalsy, reportEnv } from './support.ts';
import type { DockerfileRule } from './support.ts';
import { tlsOffVariable } from '../tls-env.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD052',
    name: 'git-ssl-verify-disabled',
    target: 'dockerfile',
    title: 'git certificate checks disabled',
    description: '`GIT_SSL_NO_VERIFY` (any value) or `http.sslVerify false` makes git accept any certificate, so cloned code can be replaced in transit.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: TLS verification off for git.',
    ],
    category: 'supply-chain',
    cwe: ['CWE-295'],
    references: ['https://git-scm.com/docs/git-config#Documentation/git-config.txt-httpsslVerify'],
    remediation: 'Remove the setting; configure the internal CA with `git config --global http.sslCAInfo /path/ca.pem`.',
    equivalents: ['checkov:CKV2_DOCKER_14'],
    messages: { default: 'git certificate verification is turned off.' },
    examples: { bad: ['FROM alpine/git:2.45\nENV GIT_SSL_NO_VERIFY=1\n', 'FROM alpine/git:2.45\nRUN git config --global http.sslVerify false\n'], good: ['FROM alpine/git:2.45\nRUN git config --global http.sslCAInfo /etc/ssl/ca.pem\n'] },
  },
  check(doc, report) {
    reportEnv(doc, report, ['GIT_SSL_NO_VERIFY'], (v) => tlsOffVariable('GIT_SSL_NO_VERIFY', v) !== undefined);
    for (const cmd of runCommands(doc)) {
      if (cmd.name !== 'git') continue;
      cmd.args.forEach((w, i) => {
        const inline = /^http(?:\..+)?\.sslverify=(.*)$/i.exec(w.value);
        if (inline && cmd.args[i - 1]?.value === '-c' && isFalsy(inline[1]!)) report({ range: w.range });
        const next = cmd.args[i + 1];
        if (/^http(?:\..+)?\.sslverify$/i.test(w.value) && next && isFalsy(next.value) && cmd.args.some((a) => a.value === 'config')) report({ range: w.range });
      });
    }
  },
};
