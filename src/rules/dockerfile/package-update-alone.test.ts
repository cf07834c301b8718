import { testRule } from '../../../test/support/rule-tester.ts';
import { rule } from './package-update-alone.ts';
import { dockerfileAnalyzer } from './index.ts';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM debian\nRUN apt-get update && apt-get install -y curl\n',
    'FROM debian\nRUN apt-get update && ./install-deps.sh\n',
    'FROM alpine\nRUN apk update && apk add curl\n',
    'FROM debian\nRUN <<EOF\nset -e\napt-get update\napt-get install -y curl\nEOF\n',
    // pacman: the refresh with the install in one RUN, an install without refresh, a search, a files-database refresh.
    'FROM archlinux:base\nRUN pacman -Syu --noconfirm git\n',
    'FROM archlinux:base\nRUN pacman -Sy && pacman -S --noconfirm git\n',
    'FROM archlinux:base\nRUN pacman -S --noconfirm git\nRUN pacman -Ss git\nRUN pacman -Fy\n',
    // yum, dnf and zypper refresh expired metadata themselves on install: a refresh alone leaves no stale index behind.
    'FROM fedora:40\nRUN dnf makecache\nRUN dnf install -y git\n',
    'FROM opensuse/leap:15.6\nRUN zypper refresh\nRUN zypper -n install git\n',
  ],
  invalid: [
    { code: 'FROM debian\nRUN apt-get update\nRUN apt-get install -y curl\n', errors: [{ line: 2, column: 5, endColumn: 19, message: '`apt-get update`' }] },
    { code: 'FROM alpine\nRUN set -eux; apk update; echo done\n', errors: [{ line: 2, column: 15, endColumn: 25, message: '`apk update` runs alone and nothing installs after it' }] },
    // The refresh serves an install of a later stage built on this one; a refresh no install follows is only weight.
    { code: 'FROM debian:12 AS base\nRUN apt-get update\nFROM base\nRUN apt-get install -y --no-install-recommends curl\n', errors: [{ line: 2, column: 5, endColumn: 19, message: 'later installs use a stale cached index' }] },
    { code: 'FROM debian:12\nRUN apt-get install -y --no-install-recommends curl\nRUN apt-get update\nCMD ["curl"]\n', errors: [{ line: 3, column: 5, endColumn: 19, message: 'the RUN only leaves a package index in the image' }] },
    { code: 'FROM debian\nRUN apt-get -q update && apt update\n', errors: [{ line: 2, column: 5, endColumn: 22 }, { line: 2, column: 26, endColumn: 36 }] },
    { code: 'FROM archlinux:base\nRUN pacman -Syu --noconfirm\nRUN pacman -S --noconfirm git\n', errors: [{ line: 2, column: 5, endColumn: 28, message: '`pacman -Syu --noconfirm` runs without an install in the same RUN' }] },
    { code: 'FROM archlinux:base\nRUN pacman --sync --refresh\n', errors: [{ line: 2, column: 5, endColumn: 28, message: '`pacman --sync --refresh`' }] },
  ],
});
