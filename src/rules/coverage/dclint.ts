// dclint's rules, and the two checks it always runs before them (invalid YAML, invalid schema).
// Taken from the repository at the commit below; `npm run bench -- peers` compares it with a checkout.
import type { Peer } from './types.ts';

export const dclint: Peer = {
  tool: 'dclint',
  title: 'dclint',
  repository: 'zavoloklom/docker-compose-linter',
  commit: 'c49696ea1803810813326ed5ec99a4967263a1f4',
  listSource: 'src/rules/*-rule.ts and the checks it always runs first (docs/errors/)',
  casePaths: ['src/rules', 'docs/errors', 'tests/rules'],
  rules: [
    { id: 'no-build-and-image', name: 'Each service must use either `build` or `image`, not both.' },
    { id: 'no-duplicate-container-names', name: 'Container names must be unique to prevent conflicts and ensure proper container management.' },
    { id: 'no-duplicate-exported-ports', name: 'Exported ports must be unique to avoid conflicts.' },
    { id: 'no-quotes-in-volumes', name: 'Values in the `volumes` section should not be enclosed in quotes.', notAdopted: 'Style: a quoted and an unquoted volume string are the same value to Compose.' },
    { id: 'no-unbound-port-interfaces', name: 'Exported ports must be bound to specific interfaces to avoid unintentional exposure.' },
    { id: 'no-version-field', name: 'The `version` field must be absent in the configuration.' },
    { id: 'require-project-name-field', name: 'The `name` field should be included in the configuration.', notAdopted: '`name` is optional: Compose takes the project name from `-p`, COMPOSE_PROJECT_NAME or the directory. Requiring it is a team convention.' },
    { id: 'require-quotes-in-ports', name: 'Ports in `ports` and `expose` sections should be enclosed in quotes.', notAdopted: 'Quoting changes a port only for YAML 1.1 parsers, which read an unquoted `22:22` as a base-60 number; Docker Compose v2 reads YAML 1.2 (go-yaml v3), where it is the string `22:22`, and Compose v1 is end-of-life. Quoting every port is style.' },
    { id: 'service-container-name-regex', name: 'Container names must match the pattern `^[a-zA-Z0-9][a-zA-Z0-9_.-]+$` to comply with Docker naming conventions.' },
    { id: 'service-dependencies-alphabetical-order', name: 'Services in the `depends_on` section should be sorted alphabetically.', notAdopted: 'Ordering is a style preference with no effect on what Compose runs; dclint enforces and fixes it.' },
    { id: 'service-image-require-explicit-tag', name: 'Services must use a specific image tag instead of "latest", "stable" or similar or no tag.' },
    { id: 'service-keys-order', name: 'Keys within each service should follow a specific order.', notAdopted: 'Ordering is a style preference with no effect on what Compose runs; dclint enforces and fixes it.' },
    { id: 'service-ports-alphabetical-order', name: 'The list of ports in a service should be sorted alphabetically.', notAdopted: 'Ordering is a style preference with no effect on what Compose runs; dclint enforces and fixes it.' },
    { id: 'services-alphabetical-order', name: 'Services should be sorted alphabetically.', notAdopted: 'Ordering is a style preference with no effect on what Compose runs; dclint enforces and fixes it.' },
    { id: 'top-level-properties-order', name: 'Top-level properties should follow a specific order.', notAdopted: 'Ordering is a style preference with no effect on what Compose runs; dclint enforces and fixes it.' },
    { id: 'invalid-schema', name: 'Invalid Schema Rule' },
    { id: 'invalid-yaml', name: 'Invalid YAML Rule' },
  ],
};
