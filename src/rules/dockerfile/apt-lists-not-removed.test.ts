import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './apt-lists-not-removed.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM debian:12\nRUN --mount=type=tmpfs,target=/var/lib/apt/lists apt-get update && apt-get install -y curl\n',
    'FROM debian:12\nRUN rm -f /etc/apt/apt.conf.d/docker-clean\nRUN --mount=type=cache,target=/var/cache/apt --mount=type=tmpfs,target=/var/lib/apt apt-get update && apt-get install -y curl\n',
    'FROM debian:12\nRUN aptitude update && aptitude install -y curl && rm -rf /var/lib/apt/lists/*\n',
    'FROM debian\nRUN apt-get update && apt-get install -y curl && rm -rf /var/lib/apt/lists/*\n',
    'FROM debian\nRUN apt-get update \\\n && apt-get install -y curl \\\n && apt-get clean \\\n && rm -rf /var/lib/apt/lists\n',
    'FROM debian\nRUN --mount=type=cache,target=/var/lib/apt,sharing=locked apt-get update && apt-get install -y curl\n',
    'FROM debian\nRUN --mount=type=cache,target=/var/lib/apt/lists/ apt-get update\n',
    'FROM debian AS build\nRUN apt-get update && apt-get install -y gcc\nFROM gcr.io/distroless/static\nCOPY --from=build /x /x\n',
    'FROM debian\nRUN <<EOF\napt-get update\napt-get install -y curl\nrm -rf /var/lib/apt/lists/*\nEOF\n',
    'FROM debian\nRUN apt-get install -y ./x.deb\n',
    'FROM debian:13\nRUN apt-get update && apt-get install -y curl && apt-get dist-clean\n',
    'FROM debian:13\nRUN apt update && apt install -y curl && apt -q dist-clean\n',
  ],
  invalid: [
    { code: 'FROM debian:12\nRUN aptitude update && aptitude install -y curl\n', errors: [{ line: 2, column: 5, endColumn: 20, message: '`aptitude update` leaves' }] },
    { code: 'FROM debian:12\nRUN rm -f /etc/apt/apt.conf.d/docker-clean\nRUN --mount=type=cache,target=/var/lib/apt apt-get update && apt-get install -y curl\n', errors: [{ line: 3, column: 44, endColumn: 58, message: 'keeps the downloaded .deb files' }] },
    { code: 'FROM debian\nRUN apt-get update && apt-get install -y curl\n', errors: [{ line: 2, column: 5, endColumn: 19, message: '`apt-get update`' }] },
    { name: 'removal before the update does not count', code: 'FROM debian\nRUN rm -rf /var/lib/apt/lists/* && apt update\n', errors: [{ line: 2, column: 36, endColumn: 46 }] },
    { name: 'removal in a later RUN does not shrink the layer', code: 'FROM debian\nRUN apt-get update -q && apt-get install -y curl\nRUN rm -rf /var/lib/apt/lists/*\n', errors: [{ line: 2, column: 5, endColumn: 19 }] },
    { name: 'cache mount elsewhere', code: 'FROM debian\nRUN --mount=type=cache,target=/var/cache/apt apt-get update\n', errors: [{ line: 2, column: 46, endColumn: 60 }] },
    { name: 'apt-get clean keeps the lists', code: 'FROM debian\nRUN apt-get update && apt-get install -y curl && apt-get clean\n', errors: [{ line: 2, column: 5, endColumn: 19 }] },
    { name: 'dist-clean before the update does not count', code: 'FROM debian\nRUN apt-get dist-clean && apt-get update\n', errors: [{ line: 2, column: 27, endColumn: 41 }] },
    { name: 'base stage of the final one', code: 'FROM debian AS base\nRUN apt-get update\nFROM base\n', errors: [{ line: 2, column: 5 }] },
  ],
});
