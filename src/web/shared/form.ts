// Reading urlencoded form bodies (@fastify/formbody) safely.

/** A form field as a string; anything else (missing, repeated, not a form) is undefined. */
export function field(req: { body: unknown }, name: string): string | undefined {
  const body = req.body;
  if (!body || typeof body !== 'object') return undefined;
  const value: unknown = Object.hasOwn(body, name) ? Reflect.get(body, name) : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** A field that may repeat (one per row of a form), in form order; [] when absent or not a form. */
export function fieldList(req: { body: unknown }, name: string): string[] {
  const body = req.body;
  if (!body || typeof body !== 'object') return [];
  const value: unknown = Object.hasOwn(body, name) ? Reflect.get(body, name) : undefined;
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
