// Image references as Docker reads them: `[registry/]path[:tag][@digest]`, where the first path component is
// a registry only if it looks like a host (has a `.` or `:`, or is `localhost`).
import type { ImageRef } from './types.ts';

export function parseImageRef(text: string): ImageRef {
  let rest = text;
  let digest: string | undefined;
  const at = rest.indexOf('@');
  if (at !== -1) {
    digest = rest.slice(at + 1);
    rest = rest.slice(0, at);
  }
  let tag: string | undefined;
  const colon = rest.lastIndexOf(':');
  if (colon > rest.lastIndexOf('/')) {
    tag = rest.slice(colon + 1);
    rest = rest.slice(0, colon);
  }
  let registry: string | undefined;
  const slash = rest.indexOf('/');
  if (slash !== -1) {
    const first = rest.slice(0, slash);
    if (first.includes('.') || first.includes(':') || first === 'localhost') {
      registry = first;
      rest = rest.slice(slash + 1);
    }
  }
  const ref: ImageRef = { text, repository: rest, scratch: text.toLowerCase() === 'scratch' };
  if (registry !== undefined) ref.registry = registry;
  if (tag !== undefined) ref.tag = tag;
  if (digest !== undefined) ref.digest = digest;
  return ref;
}

/** Tag words that name no version: moving channels and branches. */
const MOVING = new Set([
  'latest', 'stable', 'mainline', 'edge', 'nightly', 'release', 'current', 'lts', 'rolling', 'beta', 'alpha', 'rc', 'canary',
  'unstable', 'testing', 'sid', 'main', 'master', 'develop', 'development', 'dev', 'trunk', 'head', 'next', 'preview', 'insiders',
  'experimental', 'snapshot',
]);
/** Tag words that pick a variant or a base OS family, not a version of the image's own software. */
const VARIANT = new Set([
  'alpine', 'slim', 'full', 'minimal', 'nonroot', 'root', 'debug', 'jdk', 'jre', 'headless', 'musl', 'glibc', 'uclibc', 'fpm',
  'apache', 'cli', 'zts', 'scm', 'curl', 'buildpack', 'deps', 'perl', 'windowsservercore', 'nanoserver', 'servercore',
  'debian', 'ubuntu', 'dind', 'rootless', 'management', 'builder', 'onbuild', 'git',
]);
/** OS release names: a version of the OS, so of an OS image only (`debian:bookworm`; `rust:buster` is not versioned). */
const CODENAME = new Set([
  'bookworm', 'bullseye', 'buster', 'stretch', 'jessie', 'trixie', 'forky', 'noble', 'jammy', 'focal', 'bionic', 'xenial',
  'oracular', 'plucky', 'mantic', 'lunar', 'kinetic', 'impish', 'hirsute', 'groovy',
]);
/** OS words carrying the OS's version (`alpine3.20`, `ubuntu22.04`, `ltsc2022`, `el9`, `ubi9`). */
const OS_VERSION = /^(?:alpine|ubuntu|debian|centos|fedora|rockylinux|almalinux|el|ubi|ltsc|amazonlinux|al|oraclelinux|windowsservercore|nanoserver)[\d.]+$/;
/**
 * Images that are an OS, or an OS family's build base whose version is the OS release (`buildpack-deps:bookworm`,
 * `neurodebian:noble`): their codenames and OS-version words are their own versions (`debian:bookworm`).
 */
const OS_IMAGES = /^(?:library\/)?(?:debian|ubuntu|buildpack-deps|neurodebian|alpine|centos|fedora|rockylinux|almalinux|amazonlinux|oraclelinux|photon|archlinux|busybox|clearlinux|opensuse\/.+|redhat\/.+|windows\/.+)$/;
/** A name component carrying a version (`static-debian12`, `python3`): two letters or more, then digits. */
const NAME_VERSION = /^[a-z]{2,}\d+(?:\.\d+)*$/;

/** How precisely an image reference names what it pulls (bench/calibration/README.md, "Versions"). */
export type ImagePin = 'digest' | 'versioned' | 'untagged' | 'latest' | 'versionless';

/**
 * Whether a reference names a version of the image's own software: `python:3-slim`, `debian:bookworm`,
 * `traefik:v3`, `gcr.io/distroless/static-debian12:nonroot` (the name carries it) are versioned; no tag, `latest`,
 * and tags made only of channel, variant and OS words (`redis:alpine`, `node:lts-slim`, `rust:buster`,
 * `python:alpine3.20`, `nginx:stable`) are not. A tag word we do not know (`node:hydrogen`) is taken as a version:
 * when in doubt, say less.
 */
export function imagePin(ref: ImageRef): ImagePin {
  if (ref.digest !== undefined) return 'digest';
  if (ref.tag === undefined || ref.tag === '') return 'untagged';
  const tag = ref.tag.toLowerCase();
  if (tag === 'latest') return 'latest';
  const isOs = OS_IMAGES.test(ref.repository.toLowerCase());
  const words = tag.split(/[-_]/);
  // `latest` as a word (`postgresql-latest`, `latest-alpine`) moves: only a word with a digit can still pin it.
  if (words.includes('latest') && !words.some((w) => /\d/.test(w))) return 'versionless';
  if (ref.repository.toLowerCase().split('/').pop()!.split(/[-_]/).some((w) => NAME_VERSION.test(w))) return 'versioned';
  for (const word of words) {
    if (word === '' || MOVING.has(word) || VARIANT.has(word)) continue;
    if (CODENAME.has(word) || OS_VERSION.test(word)) {
      // The OS's version is an OS image's own (`ubuntu:noble`, `windows/servercore:ltsc2022`).
      if (isOs) return 'versioned';
      continue;
    }
    return 'versioned';
  }
  return 'versionless';
}
