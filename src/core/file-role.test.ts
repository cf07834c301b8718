// The file role table: every word of the labelling rule, the separators, case, and the paths that stay production.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fileRole } from './file-role.ts';
import type { FileRole } from './file-role.ts';

const CASES: [string, FileRole][] = [
  ['Dockerfile', 'production'],
  ['compose.yaml', 'production'],
  ['docker-compose.dev.yml', 'development'],
  ['docker-compose.devel.yml', 'development'],
  ['deploy/development/Dockerfile', 'development'],
  ['.devcontainer/Dockerfile', 'development'],
  ['devenv/compose.yml', 'development'],
  ['.gitpod.Dockerfile', 'development'],
  ['workstation/Dockerfile', 'development'],
  ['Dockerfile_debug', 'development'],
  ['docker-compose.local.yml', 'development'],
  ['discourse_dev/Dockerfile', 'development'],
  ['test/Dockerfile', 'test'],
  ['tests/compose.yml', 'test'],
  ['testing/Dockerfile', 'test'],
  ['e2e/docker-compose.yml', 'test'],
  ['integration/Dockerfile', 'test'],
  ['cypress/Dockerfile', 'test'],
  ['spec/fixtures/Dockerfile', 'test'],
  ['fixture/compose.yaml', 'test'],
  ['docker-compose.ci-test.yml', 'ci'],
  ['.ci/Dockerfile', 'ci'],
  ['examples/web/compose.yaml', 'example'],
  ['.examples/compose.yaml', 'example'],
  ['basic-example/compose.yaml', 'example'],
  ['demo/Dockerfile', 'example'],
  ['demos/Dockerfile', 'example'],
  ['sample/compose.yml', 'example'],
  ['samples/compose.yml', 'example'],
  ['DOCKERFILE.DEV', 'development'],
  ['Examples/Compose.yaml', 'example'],
  // Words inside a longer word do not count; neither do published samples without one of the words.
  ['quickstart.yml', 'production'],
  ['pwd.yml', 'production'],
  ['developer/Dockerfile', 'production'],
  ['latest/Dockerfile', 'production'],
  ['contest/Dockerfile', 'production'],
  ['devices/compose.yaml', 'production'],
  ['cities/compose.yaml', 'production'],
  ['', 'production'],
];

describe('fileRole', () => {
  for (const [path, role] of CASES) {
    it(`${JSON.stringify(path)} is ${role}`, () => assert.equal(fileRole(path), role));
  }
  it('the first word that marks a role decides', () => {
    assert.equal(fileRole('test/dev/Dockerfile'), 'test');
    assert.equal(fileRole('examples/ci/compose.yml'), 'example');
  });
});
