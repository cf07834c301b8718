// Fastify answers an unknown method on a known path with 404; clients deserve 405 and an Allow header.
// A second router holds every registered route so the not-found handler can tell the two apart.
import FindMyWay from 'find-my-way';
import type { HTTPMethod } from 'find-my-way';

const METHODS: HTTPMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

export class MethodIndex {
  private readonly router = FindMyWay({ ignoreTrailingSlash: false });

  add(methods: string | string[], url: string): void {
    for (const m of Array.isArray(methods) ? methods : [methods]) {
      if (METHODS.includes(m as HTTPMethod) && !this.router.hasRoute(m as HTTPMethod, url)) {
        this.router.on(m as HTTPMethod, url, () => undefined);
      }
    }
  }

  /** Methods that would match this path, empty when the path is unknown. */
  allowed(path: string): string[] {
    return METHODS.filter((m) => this.router.find(m, path) !== null);
  }
}
