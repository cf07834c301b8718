import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './consecutive-layers.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM debian:12\nRUN make\nWORKDIR /src\nRUN make install\n',
    'FROM debian:12\nRUN make && make test\nRUN make install\n',
    'FROM debian:12\nRUN --mount=type=cache,target=/root/.cache pip install -r req.txt\nRUN python -m compileall /app\n',
    'FROM debian:12\nCOPY a.txt /srv/a/\nCOPY b.txt /srv/b/\n',
    'FROM debian:12\nCOPY a.conf /etc/app.conf\nCOPY b.conf /etc/app.conf\n',
    // A builder stage only copied from: its layers are never pulled.
    'FROM golang:1.23 AS build\nRUN go mod download\nRUN go build -o /app .\nFROM gcr.io/distroless/static\nCOPY --from=build /app /app\n',
  ],
  invalid: [
    { name: 'ADDs into one directory written without a slash', code: 'FROM fedora:41\nADD app.spec /root/rpmbuild/SOURCES\nADD app-1.0.tar.gz /root/rpmbuild/SOURCES\n', errors: [{ line: 2, column: 1, endColumn: 4 }] },
    { code: 'FROM debian:12\nRUN useradd app\n# then its home\nRUN mkdir /home/app\nRUN ["chown", "app", "/home/app"]\n', errors: [{ line: 2, column: 1, endColumn: 4, message: 'the 2 after it' }] },
    { name: 'a stage the final one builds on', code: 'FROM debian:12 AS base\nRUN useradd app\nRUN mkdir /srv/app\nFROM base\nCOPY app /srv/app/\n', errors: [{ line: 2, column: 1, endColumn: 4, message: 'the 1 after it' }] },
    { name: 'COPYs into one directory', code: 'FROM node:22\nWORKDIR /app\nCOPY package.json ./\nCOPY package-lock.json ./\nRUN npm ci\n', errors: [{ line: 3, column: 1, endColumn: 5, message: 'This COPY and the 1 after it' }] },
  ],
});
