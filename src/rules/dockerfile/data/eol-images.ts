// End-of-life versions of the most-used official images, as of TABLE_DATE: data, read with no network at analysis
// time. Each row: the image, a version prefix (`3.9` matches `3.9`, `3.9.18`, `3.9-slim`; not `3.90`), the date by
// which the upstream project had ended its support (security fixes included; the day of the month is the last one
// when the project names only the month), and where that is published. Only versions out of support on TABLE_DATE
// are listed, so the rule's answers do not change with the day it runs: a new row and a new TABLE_DATE are a
// release. Used by the Dockerfile (`FROM`) and Compose (`image:`) end-of-life rules.
import type { ImageRef } from '../../../analyzers/dockerfile/types.ts';

export const TABLE_DATE = '2026-11-26';

export interface EolEntry {
  image: string;
  version: string;
  eol: string;
  source: string;
}

const NODE = 'https://github.com/nodejs/Release#end-of-life-releases';
const PYTHON = 'https://devguide.python.org/versions/';
const DEBIAN = 'https://wiki.debian.org/LTS';
const UBUNTU = 'https://ubuntu.com/about/release-cycle';
const ALPINE = 'https://alpinelinux.org/releases/';
const CENTOS = 'https://www.centos.org/centos-linux-eol/';
const PHP = 'https://www.php.net/eol.php';
const RUBY = 'https://www.ruby-lang.org/en/downloads/branches/';
const GO = 'https://go.dev/doc/devel/release';
const POSTGRES = 'https://www.postgresql.org/support/versioning/';
const MYSQL = 'https://www.mysql.com/support/eol-notice.html';
const REDIS = 'https://github.com/redis/redis/security/policy';

const rows = (image: string, source: string, list: readonly (readonly [string, string])[]): EolEntry[] =>
  list.map(([version, eol]) => ({ image, version, eol, source }));

export const EOL_IMAGES: readonly EolEntry[] = [
  ...rows('node', NODE, [['4', '2018-04-30'], ['6', '2019-04-30'], ['8', '2019-12-31'], ['10', '2021-04-30'], ['12', '2022-04-30'], ['13', '2020-06-01'], ['14', '2023-04-30'], ['15', '2021-06-01'], ['16', '2023-09-11'], ['17', '2022-06-01'], ['18', '2025-04-30'], ['19', '2023-06-01'], ['20', '2026-04-30'], ['21', '2024-06-01'], ['23', '2025-06-01'], ['25', '2026-06-01']]),
  ...rows('python', PYTHON, [['2', '2020-01-01'], ['3.4', '2019-03-18'], ['3.5', '2020-09-30'], ['3.6', '2021-12-23'], ['3.7', '2023-06-27'], ['3.8', '2024-10-07'], ['3.9', '2025-10-31'], ['3.10', '2026-10-31']]),
  ...rows('debian', DEBIAN, [['7', '2018-05-31'], ['8', '2020-06-30'], ['9', '2022-06-30'], ['10', '2024-06-30'], ['11', '2026-08-31']]),
  ...rows('ubuntu', UBUNTU, [
    ['12.04', '2017-04-28'], ['14.04', '2019-04-30'], ['16.04', '2021-04-30'], ['18.04', '2023-05-31'], ['20.04', '2025-05-31'], ['20.10', '2021-07-22'], ['21.04', '2022-01-20'],
    ['21.10', '2022-07-14'], ['22.10', '2023-07-20'], ['23.04', '2024-01-25'], ['23.10', '2024-07-11'], ['24.10', '2025-07-10'], ['25.04', '2026-01-31'], ['25.10', '2026-07-31'],
  ]),
  ...rows('alpine', ALPINE, [['3.7', '2019-11-01'], ['3.8', '2020-05-01'], ['3.9', '2020-11-01'], ['3.10', '2021-05-01'], ['3.11', '2021-11-01'], ['3.12', '2022-05-01'], ['3.13', '2022-11-01'], ['3.14', '2023-05-01'], ['3.15', '2023-11-01'], ['3.16', '2024-05-23'], ['3.17', '2024-11-22'], ['3.18', '2025-05-09'], ['3.19', '2025-11-01'], ['3.20', '2026-04-01'], ['3.21', '2026-11-01']]),
  ...rows('centos', CENTOS, [['6', '2020-11-30'], ['7', '2024-06-30'], ['8', '2021-12-31']]),
  ...rows('php', PHP, [['5', '2018-12-31'], ['7', '2022-11-28'], ['8.0', '2023-11-26'], ['8.1', '2025-12-31']]),
  ...rows('ruby', RUBY, [['2', '2023-03-31'], ['3.0', '2024-04-23'], ['3.1', '2025-03-31'], ['3.2', '2026-03-31']]),
  ...rows('golang', GO, [['1.11', '2019-09-03'], ['1.12', '2020-02-25'], ['1.13', '2020-08-11'], ['1.14', '2021-02-16'], ['1.15', '2021-08-16'], ['1.16', '2022-03-15'], ['1.17', '2022-08-02'], ['1.18', '2023-02-01'], ['1.19', '2023-08-08'], ['1.20', '2024-02-06'], ['1.21', '2024-08-13'], ['1.22', '2025-02-11'], ['1.23', '2025-08-12'], ['1.24', '2026-02-28']]),
  ...rows('postgres', POSTGRES, [['8', '2014-07-24'], ['9', '2021-11-11'], ['10', '2022-11-10'], ['11', '2023-11-09'], ['12', '2024-11-21'], ['13', '2025-11-13'], ['14', '2026-11-12']]),
  ...rows('mysql', MYSQL, [['5', '2023-10-31'], ['8.0', '2026-04-30']]),
  ...rows('redis', REDIS, [['5', '2025-12-31'], ['6', '2025-12-31']]),
];

/** The table in one line, for the rules' docs: `node 10, 12, …; python 2, 3.5, …`. */
export const EOL_SUMMARY = [...new Set(EOL_IMAGES.map((e) => e.image))]
  .map((image) => `${image} ${EOL_IMAGES.filter((e) => e.image === image).map((e) => e.version).join(', ')}`)
  .join('; ');

/** Release names in tags: of the OS image itself (`debian:buster`) or of the OS a language image is built on (`python:3.12-buster`). */
const CODENAMES: Readonly<Record<string, readonly [string, string]>> = {
  jessie: ['debian', '8'], stretch: ['debian', '9'], buster: ['debian', '10'], bullseye: ['debian', '11'],
  xenial: ['ubuntu', '16.04'], bionic: ['ubuntu', '18.04'], focal: ['ubuntu', '20.04'], groovy: ['ubuntu', '20.10'], hirsute: ['ubuntu', '21.04'],
  impish: ['ubuntu', '21.10'], kinetic: ['ubuntu', '22.10'], lunar: ['ubuntu', '23.04'], mantic: ['ubuntu', '23.10'], oracular: ['ubuntu', '24.10'],
  plucky: ['ubuntu', '25.04'], questing: ['ubuntu', '25.10'],
};

function lookup(image: string, version: string): EolEntry | undefined {
  return EOL_IMAGES.find((e) => e.image === image && (version === e.version || version.startsWith(`${e.version}.`)));
}

export interface EolMatch {
  entry: EolEntry;
  /** Set when the end-of-life part is the OS the image is built on (`python:3.12-buster`), not the image itself. */
  base?: true;
}

/**
 * The end-of-life row an official image reference falls under: its own version (`node:16-alpine`, `ubuntu:bionic`,
 * `centos:centos7`) or, for any official image, the OS release its tag names (`-buster`, `-alpine3.18`). Other
 * registries' and organisations' images are not judged: their tags need not follow upstream versions.
 */
export function endOfLife(ref: ImageRef): EolMatch | undefined {
  if (ref.registry !== undefined && ref.registry !== 'docker.io' && ref.registry !== 'index.docker.io') return undefined;
  const image = ref.repository.replace(/^library\//, '');
  if (image.includes('/') || !ref.tag) return undefined;
  const words = ref.tag.toLowerCase().split('-');
  const first = words[0]!;
  const version = /^v?(\d+(?:\.\d+)*)$/.exec(first)?.[1] ?? (image === 'centos' ? /^centos(\d+)$/.exec(first)?.[1] : undefined);
  const own = version !== undefined ? lookup(image, version) : CODENAMES[first]?.[0] === image ? lookup(image, CODENAMES[first]![1]) : undefined;
  if (own) return { entry: own };
  for (const word of words) {
    const os = CODENAMES[word] ?? (/^alpine(\d+\.\d+)/.exec(word) ? (['alpine', /^alpine(\d+\.\d+)/.exec(word)![1]!] as const) : undefined);
    const entry = os && os[0] !== image ? lookup(os[0], os[1]) : undefined;
    if (entry) return { entry, base: true };
  }
  return undefined;
}
