// Environment variables that turn TLS certificate verification off, shared by the Dockerfile rules (ENV, ARG, RUN
// assignments) and the Compose rule (`environment`). Each entry names the Dockerfile rule that owns it; entries
// without one are the generic tls-verification-env-disabled rule's (CGD145).

/** `false`, `0`, `no`, `off` in any case. */
const falsy = (v: string) => /^(?:false|0|no|off)$/i.test(v.trim());
/** `true`, `1`, `yes`, `on` in any case. */
const truthy = (v: string) => /^(?:true|1|yes|on)$/i.test(v.trim());

export interface TlsOffVariable {
  /** The variable's name (exact, or a suffix pattern such as `*_INSECURE_SKIP_VERIFY`). */
  name: RegExp;
  /** Whether this value turns verification off. */
  off: (value: string) => boolean;
  /** The Dockerfile rule that reports it, when a specific one exists. */
  dockerfileRule?: string;
}

export const TLS_OFF_VARIABLES: readonly TlsOffVariable[] = [
  { name: /^NODE_TLS_REJECT_UNAUTHORIZED$/, off: (v) => v.trim() === '0', dockerfileRule: 'CGD044' },
  { name: /^PYTHONHTTPSVERIFY$/, off: (v) => v.trim() === '0', dockerfileRule: 'CGD043' },
  // git skips verification when the variable is set to anything.
  { name: /^GIT_SSL_NO_VERIFY$/, off: (v) => v !== '', dockerfileRule: 'CGD052' },
  { name: /^NPM_CONFIG_STRICT_SSL$/i, off: falsy, dockerfileRule: 'CGD050' },
  // `TRAEFIK_..._TLS_INSECURE_SKIP_VERIFY`, `OTEL_..._INSECURE_SKIP_VERIFY`, `INSECURE_SKIP_VERIFY`.
  { name: /(?:^|_)INSECURE_SKIP_VERIFY$/, off: truthy },
  // `PIP_SSL_VERIFY`-style switches: `..._SSL_VERIFY=false`.
  { name: /(?:^|_)SSL_VERIFY$/, off: falsy },
];

/** The table entry a variable set to a value matches, if that value turns TLS verification off. */
export function tlsOffVariable(name: string, value: string): TlsOffVariable | undefined {
  return TLS_OFF_VARIABLES.find((t) => t.name.test(name) && t.off(value));
}
