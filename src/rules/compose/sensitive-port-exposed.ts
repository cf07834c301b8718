// CGC021: a database, cache, admin or remote-access port published on every host interface.
import type { Port } from '../../analyzers/compose/model.ts';
import { openPorts, specUrl } from './support.ts';
import type { ComposeRule } from './support.ts';
import { lowerOutsideProduction } from '../role-severity.ts';
import { bindToLoopback } from './support.ts';

/** Well-known container ports of services that must never face the network unprotected. */
const SENSITIVE_PORTS: ReadonlyMap<number, string> = new Map([
  [22, 'SSH'], [23, 'Telnet'], [1433, 'SQL Server'], [1521, 'Oracle'], [2181, 'ZooKeeper'], [2375, 'Docker API'],
  [2376, 'Docker API (TLS)'], [2379, 'etcd'], [2380, 'etcd peer'], [3306, 'MySQL/MariaDB'], [3389, 'RDP'],
  [4243, 'Docker API'], [4434, 'Ory Kratos admin API'], [4445, 'Ory Hydra admin API'], [5432, 'PostgreSQL'], [5672, 'RabbitMQ'], [5900, 'VNC'], [5984, 'CouchDB'], [6379, 'Redis'],
  [6443, 'Kubernetes API'], [7474, 'Neo4j'], [8001, 'Kong Admin API'], [8086, 'InfluxDB'], [8500, 'Consul'], [9042, 'Cassandra'],
  [9092, 'Kafka'], [9200, 'Elasticsearch'], [9300, 'Elasticsearch transport'], [10250, 'kubelet'],
  [8444, 'Kong Admin API (TLS)'], [11211, 'Memcached'], [15672, 'RabbitMQ management'], [27017, 'MongoDB'], [28015, 'RethinkDB'],
]);

/** The sensitive service listening behind the port (by container port: that is what answers). */
function sensitiveService(port: Port): string | undefined {
  const t = port.target;
  if (!t) return undefined;
  for (const [p, name] of SENSITIVE_PORTS) if (p >= t.start && p <= t.end) return name;
  return undefined;
}

export function isSensitivePort(port: Port): boolean {
  return sensitiveService(port) !== undefined;
}

export const rule: ComposeRule = {
  meta: {
    id: 'CGC021',
    name: 'sensitive-port-exposed',
    target: 'compose',
    title: 'Database or admin port published on all host interfaces',
    description:
      'Databases, caches, message brokers, the Docker API and remote-access services published on `0.0.0.0` ' +
      'are found by internet-wide scanners within minutes; many (Redis, Memcached, Elasticsearch, the Docker ' +
      'API) have no authentication by default. Docker\'s iptables rules bypass host firewalls such as ufw.',
    severity: 'high',
    severityContext: [
      'A careful reviewer blocks the merge: a database, cache, broker or admin API published on all interfaces is found by scanners within minutes.',
      'Medium in development, test, CI or example files (a word of the path such as `dev`, `test`, `ci`, `examples`): a datastore port published for the developer on a workstation.',
    ],
    category: 'security',
    cwe: ['CWE-668', 'CWE-284'],
    references: [specUrl('services#ports'), 'https://docs.docker.com/engine/network/packet-filtering-firewalls/'],
    remediation: 'Do not publish the port at all (other services reach it over the Compose network), or bind it to `127.0.0.1`.',
    equivalents: [],
    messages: { default: 'Service "{{service}}" publishes {{what}} (port {{target}}) on all host interfaces.' },
    examples: {
      bad: ['services:\n  db:\n    image: postgres:16\n    ports:\n      - "5432:5432"\n', 'services:\n  cache:\n    image: redis:7\n    ports:\n      - target: 6379\n        published: 16379\n'],
      good: ['services:\n  db:\n    image: postgres:16\n    ports:\n      - "127.0.0.1:5432:5432"\n', 'services:\n  db:\n    image: postgres:16\n    expose: ["5432"]\n'],
    },
  },
  check(doc, report, ctx) {
    report = lowerOutsideProduction(report, ctx, 'medium');
    for (const { service, port, range } of openPorts(doc)) {
      const what = sensitiveService(port);
      if (what) report({ range, data: { service: service.name, what, target: port.target!.start }, fix: bindToLoopback(doc.pos.text, port) });
    }
  },
};
