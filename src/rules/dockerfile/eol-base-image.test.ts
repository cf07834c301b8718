import { testRule } from '../../../test/support/rule-tester.ts';
import { endOfLife, EOL_IMAGES, TABLE_DATE } from './data/eol-images.ts';
import { parseImageRef } from '../../analyzers/dockerfile/image.ts';
import { dockerfileAnalyzer } from './index.ts';
import { rule } from './eol-base-image.ts';
import assert from 'node:assert/strict';
import { it } from 'node:test';

testRule(dockerfileAnalyzer, rule, {
  valid: [
    'FROM node:22-alpine\nFROM python:3.13-slim-bookworm\nFROM debian:bookworm\nFROM ubuntu:24.04\nFROM alpine:3.22\n',
    'FROM python:3\nFROM node\nFROM postgres:17\nFROM mysql:8\nFROM golang:1.25\n',
    'FROM python:3.90\n',
    'FROM ghcr.io/acme/node:16\nFROM acme/python:3.8\n',
    'ARG V\nFROM node:${V}\n',
    'FROM node:22 AS build\nFROM build\n',
  ],
  invalid: [
    { code: 'FROM node:16-alpine\n', errors: [{ line: 1, column: 6, endColumn: 20, message: '"node:16-alpine" is node 16, out of upstream support since 2023-09-11' }] },
    {
      name: 'versions, codenames, registry prefixes and build-argument defaults',
      code: 'ARG PHP=8.1\nFROM python:3.9.18-slim\nFROM ubuntu:bionic\nFROM centos:centos7\nFROM docker.io/library/postgres:13.4\nFROM php:${PHP}-fpm\n',
      errors: [
        { line: 2, column: 6, endColumn: 24, message: 'python 3.9, out of upstream support since 2025-10-31' },
        { line: 3, column: 6, endColumn: 19, message: 'ubuntu 18.04' },
        { line: 4, column: 6, endColumn: 20, message: 'centos 7' },
        { line: 5, column: 6, endColumn: 37, message: 'postgres 13' },
        { line: 6, column: 6, endColumn: 20, message: '"php:8.1-fpm" is php 8.1' },
      ],
    },
    {
      name: 'the OS release a tag names',
      code: 'FROM python:3.12-buster\nFROM node:22-alpine3.18\n',
      errors: [
        { line: 1, column: 6, endColumn: 24, message: '"python:3.12-buster" is built on debian 10, out of upstream support since 2024-06-30' },
        { line: 2, column: 6, endColumn: 24, message: 'built on alpine 3.18' },
      ],
    },
    { name: 'production file: medium', file: 'Dockerfile', code: 'FROM node:16-alpine\n', errors: [{ line: 1, column: 6, severity: 'medium' }] },
    { name: 'test file: low', file: 'test/e2e/Dockerfile', code: 'FROM node:16-alpine\n', errors: [{ line: 1, column: 6, severity: 'low' }] },
  ],
});

it('every end-of-life row is dated on or before the table date, with an https source', () => {
  for (const e of EOL_IMAGES) {
    assert.match(e.eol, /^\d{4}-\d{2}-\d{2}$/, `${e.image} ${e.version}`);
    assert.ok(e.eol <= TABLE_DATE, `${e.image} ${e.version} ends ${e.eol}, after ${TABLE_DATE}`);
    assert.match(e.source, /^https:\/\//);
  }
  assert.equal(endOfLife(parseImageRef('node:18'))?.entry.version, '18');
  assert.equal(endOfLife(parseImageRef('node:180')), undefined);
});
