import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type PaystackStandin, startPaystackStandin } from './paystack-standin.js';

/**
 * The Paystack stand-in as its own process, for local trials and the browser tests: prints the
 * settings to start Kora with, posts charge.success and subscription.create to the webhook URL
 * when a checkout is paid on its page, and serves until it is killed. Its control address lets
 * another process (a browser test, or curl in a local trial) play Paystack's part in time: a
 * renewal charged, a renewal that failed, a checkout paid on a given day.
 */
const webhookUrl = process.env.STANDIN_WEBHOOK_URL ?? 'http://127.0.0.1:3000/api/payments/paystack/webhook';
const standin = await startPaystackStandin({ webhookUrl, autoDeliver: true, port: Number(process.env.STANDIN_PORT ?? 0) });
const controlUrl = await startControl(standin);
process.stdout.write(`${JSON.stringify({ apiUrl: standin.apiUrl, secretKey: standin.secretKey, webhookUrl, controlUrl })}\n`);
process.stdout.write(`Start Kora with PAYSTACK_API_URL=${standin.apiUrl} PAYSTACK_SECRET_KEY=${standin.secretKey}\n`);
const stop = () => void standin.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);

/** The newest card subscription of a customer, as Paystack would find it by e-mail. */
function subscriptionCodeOf(email: unknown): string {
  const found = [...standin.subscriptions.values()].filter((s) => s.customer.email === email).at(-1);
  if (!found) throw new Error(`no subscription for ${String(email)}`);
  return found.subscription_code;
}

/**
 * POST /renewal {email}: Paystack charged the renewal and posts charge.success.
 * POST /renewal-failed {email, at?}: the renewal could not be charged (invoice.payment_failed at `at`).
 * POST /pay {reference, paidAt?}: the checkout is paid as on its page, on `paidAt`; answers the return address.
 * Each delivery answers Kora's status and body.
 */
async function startControl(target: PaystackStandin): Promise<string> {
  const routes: Record<string, (body: Record<string, unknown>) => Promise<unknown>> = {
    '/renewal': (body) => target.deliver(target.events.renewal(subscriptionCodeOf(body.email))),
    '/renewal-failed': (body) =>
      target.deliver(target.events.invoiceFailed(subscriptionCodeOf(body.email), body.at ? new Date(String(body.at)) : new Date())),
    '/pay': async (body) => ({
      redirect: target.checkout(String(body.reference), 'pay', body.paidAt ? new Date(String(body.paidAt)) : new Date()),
    }),
  };
  const server = http.createServer((request, response) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (raw += chunk));
    request.on('end', () => {
      const route = request.method === 'POST' ? routes[request.url ?? ''] : undefined;
      const answer = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (!route) return answer(404, { message: `No control ${request.method} ${request.url}` });
      Promise.resolve()
        .then(() => route(raw ? (JSON.parse(raw) as Record<string, unknown>) : {}))
        .then((result) => answer(200, result))
        .catch((error: unknown) => answer(400, { message: error instanceof Error ? error.message : String(error) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(Number(process.env.STANDIN_CONTROL_PORT ?? 0), '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
