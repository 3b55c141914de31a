import { startPaystackStandin } from './paystack-standin.js';

/**
 * The Paystack stand-in as its own process, for local trials and the browser tests: prints the
 * settings to start Kora with, posts charge.success and subscription.create to the webhook URL
 * when a checkout is paid on its page, and serves until it is killed.
 */
const webhookUrl = process.env.STANDIN_WEBHOOK_URL ?? 'http://127.0.0.1:3000/api/payments/paystack/webhook';
const standin = await startPaystackStandin({ webhookUrl, autoDeliver: true, port: Number(process.env.STANDIN_PORT ?? 0) });
process.stdout.write(`${JSON.stringify({ apiUrl: standin.apiUrl, secretKey: standin.secretKey, webhookUrl })}\n`);
process.stdout.write(`Start Kora with PAYSTACK_API_URL=${standin.apiUrl} PAYSTACK_SECRET_KEY=${standin.secretKey}\n`);
const stop = () => void standin.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
