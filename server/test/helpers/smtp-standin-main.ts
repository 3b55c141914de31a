import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type SmtpStandin, startSmtpStandin } from './smtp-standin.js';

/**
 * The SMTP stand-in as its own process, for the browser tests (and local trials): a real SMTP
 * server for SMTP_URL, and a control address where a test reads what arrived, as a listener reads
 * their inbox. Prints its settings as one JSON line and serves until it is killed.
 */
const standin = await startSmtpStandin();
const controlUrl = await startControl(standin);
process.stdout.write(`${JSON.stringify({ smtpUrl: standin.url, controlUrl })}\n`);
const stop = () => void standin.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);

/** GET /mails?to={address}: the e-mails to that address, oldest first, as subject, text and HTML. */
async function startControl(target: SmtpStandin): Promise<string> {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://control');
    const to = url.searchParams.get('to')?.toLowerCase();
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method !== 'GET' || url.pathname !== '/mails' || !to) return answer(404, { message: 'GET /mails?to={address}' });
    answer(
      200,
      target.arrived
        .filter((mail) => mail.envelope.to.includes(to))
        .map((mail) => ({ subject: mail.message.subject ?? '', text: mail.message.text ?? '', html: mail.message.html || '' })),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
