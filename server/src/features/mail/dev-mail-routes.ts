import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NotFound } from '../../http/errors.js';
import type { DevMail, DevMailbox } from './mailer.js';
import { type Html, html } from './templates/html.js';

type NumberParams = { Params: { number: string } };

/**
 * /dev/mail: the last e-mails of a development server without SMTP, so a newcomer can follow a
 * reset link on a laptop. buildApp registers it only when the mailer keeps a mailbox (development
 * without SMTP_URL, never production); it needs no session, since whoever resets a password has
 * none, so it answers only a browser on this machine.
 */
export async function devMailRoutes(app: FastifyInstance, { mailbox }: { mailbox: DevMailbox }) {
  app.get('/dev/mail', { config: { public: true } }, async (request, reply) => {
    refuseUnlessLocal(request);
    return sendPage(reply, listPage(mailbox.list()));
  });

  app.get<NumberParams>('/dev/mail/:number', { config: { public: true } }, async (request, reply) => {
    refuseUnlessLocal(request);
    const mail = /^\d{1,9}$/.test(request.params.number) ? mailbox.find(Number(request.params.number)) : undefined;
    if (!mail) throw new NotFound('That e-mail is not in the development mailbox (it keeps the last 50).');
    return sendPage(reply, mail.html);
  });
}

/**
 * From this machine, to a local name, and not through a proxy: the socket's own address (never
 * X-Forwarded-For, which anyone can write), and a Host a web page elsewhere cannot send from a
 * browser here (DNS rebinding would send its own name).
 */
function refuseUnlessLocal(request: FastifyRequest): void {
  const remote = request.socket.remoteAddress ?? '';
  const fromLoopback = remote === '::1' || /^(::ffff:)?127\.\d+\.\d+\.\d+$/.test(remote);
  const host = (request.headers.host ?? '').toLowerCase().replace(/:\d+$/, '');
  const localHost = host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
  const proxied = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  if (!fromLoopback || !localHost || proxied) throw new NotFound();
}

function sendPage(reply: FastifyReply, page: Html | string): FastifyReply {
  return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(String(page));
}

function listPage(mails: readonly DevMail[]): Html {
  const items = mails.map(
    (mail) => html`<li>
<p class="meta">${mail.sentAt.toISOString()} · to ${mail.to.name ? `${mail.to.name} <${mail.to.address}>` : mail.to.address}</p>
<h2><a href="/dev/mail/${mail.number}">${mail.subject}</a></h2>
<pre>${linkify(mail.text)}</pre>
</li>`,
  );
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development mailbox</title>
<style>
body { margin: 0; padding: 24px; background: #0e0b08; color: #f7f2ea; font-family: ui-sans-serif, system-ui, sans-serif; }
main { max-width: 760px; margin: 0 auto; }
ul { list-style: none; padding: 0; }
li { background: #17130f; border: 1px solid #3a3027; border-radius: 16px; padding: 16px; margin: 0 0 16px; }
h2 { font-size: 18px; margin: 4px 0 12px; }
a { color: #f5b841; }
.meta { margin: 0; color: #9d9080; font-size: 13px; }
pre { white-space: pre-wrap; word-break: break-word; margin: 0; color: #c2b6a6; font-size: 14px; }
</style>
</head>
<body>
<main>
<h1>Development mailbox</h1>
<p class="meta">The last e-mails this server would have sent (SMTP_URL is not set), newest first. Kept in memory until it restarts.</p>
${items.length > 0 ? html`<ul>${items}</ul>` : html`<p>No e-mails yet.</p>`}
</main>
</body>
</html>
`;
}

/** The text body with its links clickable, everything else escaped. */
function linkify(text: string): Html[] {
  return text.split(/(https?:\/\/[^\s<>"]+)/g).map((part, index) => (index % 2 === 1 ? html`<a href="${part}">${part}</a>` : html`${part}`));
}
