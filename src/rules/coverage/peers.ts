// The peer linters whose rules the coverage map accounts for, in the order the docs and the benchmark show them.
import { buildkit } from './buildkit.ts';
import { checkov } from './checkov.ts';
import { dclint } from './dclint.ts';
import { hadolint } from './hadolint.ts';
import { kics } from './kics.ts';
import { trivy } from './trivy.ts';
import { zizmor } from './zizmor.ts';
import { actionlint } from './actionlint.ts';
import type { Peer } from './types.ts';

export const PEERS: readonly Peer[] = [hadolint, buildkit, trivy, checkov, kics, dclint, zizmor, actionlint];
