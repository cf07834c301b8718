// CGD024: passwords set with chpasswd end up in the image.
import { runCommands } from '../../analyzers/dockerfile/query.ts';
import type { DockerfileRule } from './support.ts';

export const rule: DockerfileRule = {
  meta: {
    id: 'CGD024',
    name: 'no-chpasswd',
    target: 'dockerfile',
    title: 'Password set with chpasswd',
    description:
      'A password set at build time is the same in every container from the image, sits in the layer history in ' +
      'clear text (the RUN line), and enables password logins that containers rarely need.',
    severity: 'medium',
    severityContext: [
      'A password set at build time is the same in every container and is recorded in the image history; medium because the value may come from a build argument, which CGD031 judges. A literal password is also a hard-coded secret for the policy.',
    ],
    category: 'secrets',
    cwe: ['CWE-798'],
    references: ['https://man7.org/linux/man-pages/man8/chpasswd.8.html'],
    remediation: 'Do not give users passwords in the image; use key-based access or set credentials at run time from a secret.',
    equivalents: ['checkov:CKV2_DOCKER_17'],
    messages: { default: 'chpasswd sets a password inside the image.' },
    examples: { bad: ["FROM debian:12\nRUN echo 'root:toor' | chpasswd\n"], good: ['FROM debian:12\nRUN useradd -r app\n'] },
  },
  check(doc, report) {
    for (const cmd of runCommands(doc)) if (cmd.name === 'chpasswd' && cmd.nameWord) report({ range: cmd.nameWord.range });
  },
};
