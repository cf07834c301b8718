// The HTML "not found" page browsers get (the app's not-found handler for Accept: text/html, unknown rule ids).
import type { FastifyReply } from 'fastify';
import { html } from './assets/html.js';
import { setPageHeaders } from './headers.ts';
import { layout } from './layout.ts';

export function sendNotFoundPage(reply: FastifyReply, publicBaseUrl: string, what = 'This page does not exist.') {
  setPageHeaders(reply, publicBaseUrl);
  return reply.code(404).type('text/html; charset=utf-8').send(layout({ title: 'Page not found' }, html`
<p>${what}</p>
<ul>
  <li><a href="/">Analyze a Dockerfile or Compose file</a></li>
  <li><a href="/rules">Browse the rules</a></li>
  <li><a href="/docs/">Read the API reference</a></li>
</ul>`));
}

/** Browsers navigating to a page ask for text/html; API clients (JSON, curl's default) do not. */
export function wantsHtml(accept: string | undefined): boolean {
  return accept !== undefined && /(^|,)\s*text\/html/i.test(accept);
}
