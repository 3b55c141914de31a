import http from 'node:http';
import { type FormEntry, multipartBody } from './multipart.js';

export type Answer = { status: number; body: string; socket: unknown };

/** One request over a real socket of `agent` (a keep-alive agent shows which connection answered). */
export function sendOver(
  agent: http.Agent,
  origin: string,
  request: { method: string; path: string; headers: Record<string, string>; body?: Buffer },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(`${origin}${request.path}`, { method: request.method, headers: request.headers, agent }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body: text, socket: outgoing.socket }));
    });
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

/**
 * Sends a multipart form over a fresh keep-alive connection, then a GET of `nextPath` over the same
 * agent: a refused upload must be answered, its body drained, and the connection still usable.
 */
export async function sendFormThenReuse(
  origin: string,
  form: { method: string; path: string; cookie: string; entries: [string, FormEntry][]; nextPath: string },
): Promise<{ answer: Answer; next: Answer }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const { payload, headers } = await multipartBody(form.entries);
    const answer = await sendOver(agent, origin, {
      method: form.method,
      path: form.path,
      headers: { cookie: form.cookie, ...headers, 'content-length': String(payload.length) },
      body: payload,
    });
    const next = await sendOver(agent, origin, { method: 'GET', path: form.nextPath, headers: { cookie: form.cookie } });
    return { answer, next };
  } finally {
    agent.destroy();
  }
}
