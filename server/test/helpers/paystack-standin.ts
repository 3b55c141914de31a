import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Paystack (https://api.paystack.co), answering in the shapes of
 * ../shared/paystack/paystack.yaml: plans, transaction initialize and verify, subscription disable
 * and manage link, refunds, and a checkout page with Pay, Decline and Abandon that returns to the
 * callback URL as Paystack's does. It is honest like Paystack: every call needs the Bearer secret
 * key, references are unique, a plan sets the amount, refunds are bounded by what was paid. The
 * signer makes the webhook events Paystack sends (charge.success first and for renewals,
 * subscription.create/not_renew/disable, invoice.payment_failed, refund.processed), signed with the
 * secret key, to inject or to post.
 */

export const STANDIN_SECRET_KEY = 'sk_test_kora_standin_0123456789abcdef';
const MONTH_MS = 30 * 24 * 60 * 60 * 1000;

type Plan = { id: number; plan_code: string; name: string; amount: number; interval: string; currency: string; createdAt: string };
type Customer = { id: number; email: string; customer_code: string };
type Authorization = {
  authorization_code: string;
  bin: string | null;
  last4: string;
  exp_month: string;
  exp_year: string;
  channel: string;
  card_type: string;
  bank: string;
  country_code: string;
  brand: string;
  reusable: boolean;
  signature: string | null;
  account_name: null;
};
export type StandinTransaction = {
  id: number;
  reference: string;
  accessCode: string;
  amount: number;
  currency: string;
  email: string;
  channels: string[];
  callbackUrl: string | null;
  plan: Plan | null;
  metadata: Record<string, unknown>;
  status: 'abandoned' | 'success' | 'failed';
  channel: string;
  paidAt: string | null;
  createdAt: string;
  authorization: Authorization | null;
  customer: Customer;
};
export type StandinSubscription = {
  id: number;
  subscription_code: string;
  email_token: string;
  status: 'active' | 'non-renewing' | 'cancelled' | 'complete' | 'attention';
  plan: Plan;
  customer: Customer;
  authorization: Authorization;
  next_payment_date: string;
  createdAt: string;
};
export type CheckoutOutcome = 'pay' | 'decline' | 'abandon';
export type StandinCall = { method: string; path: string; body: Record<string, unknown> };

export type PaystackStandin = {
  apiUrl: string;
  secretKey: string;
  transactions: Map<string, StandinTransaction>;
  subscriptions: Map<string, StandinSubscription>;
  plans: Plan[];
  /** Every API call Kora made with the right key, in order (the checkout page's are the browser's). */
  calls: StandinCall[];
  /** Where posted events go by default (`npm run paystack-standin` sets it to the local server). */
  webhookUrl: string | undefined;
  /**
   * What the checkout page's buttons do, without a browser; answers the redirect to the callback URL.
   * `paidAt` backdates a payment, for tests of what happens weeks after it.
   */
  checkout(reference: string, outcome: CheckoutOutcome, paidAt?: Date): string;
  /**
   * Changes a customer's e-mail, as a merchant can on Paystack's dashboard: the events built afterwards
   * carry the new address, so Kora finds the customer only by the code a payment of theirs gave it.
   */
  changeCustomerEmail(email: string, newEmail: string): void;
  events: ReturnType<typeof eventBuilders>;
  /** The body and headers of a signed webhook (a wrong key or another body's signature on request). */
  sign(body: unknown, options?: { key?: string; signatureOf?: string }): { payload: string; headers: Record<string, string> };
  /** Posts a signed event to the webhook URL; answers Kora's status and body. */
  deliver(body: unknown, url?: string): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
};

export async function startPaystackStandin(
  options: { secretKey?: string; webhookUrl?: string; autoDeliver?: boolean; port?: number } = {},
): Promise<PaystackStandin> {
  const secretKey = options.secretKey ?? STANDIN_SECRET_KEY;
  const plans: Plan[] = [];
  const transactions = new Map<string, StandinTransaction>();
  const subscriptions = new Map<string, StandinSubscription>();
  const customers = new Map<string, Customer>();
  const calls: StandinCall[] = [];
  let nextId = 1000;
  const code = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

  function customerFor(email: string): Customer {
    let customer = customers.get(email);
    if (!customer) {
      customer = { id: nextId++, email, customer_code: code('CUS') };
      customers.set(email, customer);
    }
    return customer;
  }

  function authorizationFor(channel: string): Authorization {
    const card = channel === 'card';
    return {
      authorization_code: code('AUTH'),
      bin: card ? '408408' : null,
      last4: card ? '4081' : '0000',
      exp_month: card ? '12' : '',
      exp_year: card ? '2030' : '',
      channel,
      card_type: card ? 'visa DEBIT' : '',
      bank: card ? 'TEST BANK' : 'Test Bank',
      country_code: 'NG',
      brand: card ? 'visa' : channel,
      reusable: card,
      signature: card ? code('SIG') : null,
      account_name: null,
    };
  }

  /** Paystack's transaction object (VerifyResponse.data and charge.success's data). */
  function transactionData(t: StandinTransaction) {
    return {
      id: t.id,
      domain: 'test',
      status: t.status,
      reference: t.reference,
      receipt_number: null,
      amount: t.amount,
      message: null,
      gateway_response: t.status === 'success' ? 'Successful' : t.status === 'failed' ? 'Declined' : 'The transaction was not completed',
      paid_at: t.paidAt,
      created_at: t.createdAt,
      channel: t.channel,
      currency: t.currency,
      ip_address: '127.0.0.1',
      metadata: t.metadata,
      log: null,
      fees: t.status === 'success' ? Math.round(t.amount * 0.015) : null,
      fees_split: null,
      authorization: t.authorization ?? {},
      customer: { ...t.customer, first_name: null, last_name: null, phone: null, metadata: null, risk_action: 'default', international_format_phone: null },
      plan: t.plan?.plan_code ?? null,
      split: {},
      order_id: null,
      paidAt: t.paidAt,
      createdAt: t.createdAt,
      requested_amount: t.amount,
      pos_transaction_data: null,
      source: null,
      fees_breakdown: null,
      connect: null,
      transaction_date: t.createdAt,
      plan_object: t.plan ? planObject(t.plan) : {},
      subaccount: {},
    };
  }

  const planObject = (plan: Plan) => ({
    id: plan.id,
    name: plan.name,
    plan_code: plan.plan_code,
    description: null,
    amount: plan.amount,
    interval: plan.interval,
    send_invoices: true,
    send_sms: true,
    currency: plan.currency,
  });

  function subscriptionData(s: StandinSubscription) {
    return {
      domain: 'test',
      status: s.status,
      subscription_code: s.subscription_code,
      email_token: s.email_token,
      amount: s.plan.amount,
      cron_expression: '0 0 * * *',
      next_payment_date: s.status === 'active' ? s.next_payment_date : null,
      open_invoice: null,
      createdAt: s.createdAt,
      plan: planObject(s.plan),
      authorization: s.authorization,
      customer: { ...s.customer, first_name: null, last_name: null, phone: null, metadata: null, risk_action: 'default' },
      created_at: s.createdAt,
    };
  }

  /** Paying on the checkout page: the transaction succeeds, and a plan's first payment starts a subscription. */
  function settle(t: StandinTransaction, outcome: CheckoutOutcome, paidAt: Date): StandinSubscription | undefined {
    if (t.status !== 'abandoned') return undefined;
    if (outcome === 'abandon') return undefined;
    t.channel = t.channels[0] ?? 'card';
    t.authorization = authorizationFor(t.channel);
    if (outcome === 'decline') {
      t.status = 'failed';
      return undefined;
    }
    t.status = 'success';
    t.paidAt = paidAt.toISOString();
    if (!t.plan || !t.authorization.reusable) return undefined;
    const subscription: StandinSubscription = {
      id: nextId++,
      subscription_code: code('SUB'),
      email_token: randomBytes(8).toString('hex'),
      status: 'active',
      plan: t.plan,
      customer: t.customer,
      authorization: t.authorization,
      next_payment_date: new Date(Date.parse(t.paidAt) + MONTH_MS).toISOString(),
      createdAt: t.paidAt,
    };
    subscriptions.set(subscription.subscription_code, subscription);
    return subscription;
  }

  const events = eventBuilders({ transactions, subscriptions, transactionData, subscriptionData, code, nextId: () => nextId++ });

  function sign(body: unknown, signOptions: { key?: string; signatureOf?: string } = {}) {
    const payload = typeof body === 'string' ? body : JSON.stringify(body);
    const signature = createHmac('sha512', signOptions.key ?? secretKey)
      .update(signOptions.signatureOf ?? payload)
      .digest('hex');
    return { payload, headers: { 'content-type': 'application/json', 'x-paystack-signature': signature } };
  }

  async function deliver(body: unknown, url = standin.webhookUrl): Promise<{ status: number; body: string }> {
    if (!url) throw new Error('no webhook URL to deliver to');
    const { payload, headers } = sign(body);
    const response = await fetch(url, { method: 'POST', headers, body: payload });
    return { status: response.status, body: await response.text() };
  }

  function checkout(reference: string, outcome: CheckoutOutcome, paidAt = new Date()): string {
    const t = transactions.get(reference);
    if (!t) throw new Error(`no transaction ${reference}`);
    const subscription = settle(t, outcome, paidAt);
    if (options.autoDeliver && standin.webhookUrl && t.status === 'success') {
      void deliver(events.chargeSuccess(reference)).then(() => subscription && deliver(events.subscription('create', subscription.subscription_code)));
    }
    const target = new URL(t.callbackUrl ?? 'http://127.0.0.1/');
    target.searchParams.set('trxref', t.reference);
    target.searchParams.set('reference', t.reference);
    return target.toString();
  }

  const server = http.createServer((request, response) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (raw += chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://standin');
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      const fail = (status: number, message: string, extra: Record<string, unknown> = {}) => send(status, { status: false, message, ...extra });

      // The checkout page is the browser's, not the API's: no secret key.
      const page = url.pathname.match(/^\/checkout\/([\w-]+)(?:\/(pay|decline|abandon))?$/);
      if (page) {
        const t = [...transactions.values()].find((candidate) => candidate.accessCode === page[1]);
        if (!t) return fail(404, 'Checkout not found');
        if (request.method === 'POST' && page[2]) {
          const outcome = page[2] as CheckoutOutcome;
          response.writeHead(302, { location: checkout(t.reference, outcome) });
          return response.end();
        }
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return response.end(checkoutPage(t));
      }

      if (request.headers.authorization !== `Bearer ${secretKey}`) return fail(401, 'Invalid key');
      let body: Record<string, unknown> = {};
      if (raw !== '') {
        try {
          body = JSON.parse(raw) as Record<string, unknown>;
        } catch {
          return fail(400, 'Invalid JSON body');
        }
      }
      calls.push({ method: request.method ?? 'GET', path: url.pathname, body });

      if (url.pathname === '/plan' && request.method === 'GET') {
        const amount = url.searchParams.get('amount');
        const interval = url.searchParams.get('interval');
        const data = plans
          .filter((p) => (amount === null || p.amount === Number(amount)) && (interval === null || p.interval === interval))
          .map((p) => ({ ...p, subscriptions: [], pages: [], domain: 'test', description: null, invoice_limit: 0, send_invoices: true, send_sms: true, hosted_page: false, hosted_page_url: null, hosted_page_summary: null, migrate: false, is_deleted: false, is_archived: false, integration: 1, updatedAt: p.createdAt, total_subscriptions: 0, active_subscriptions: 0, total_subscriptions_revenue: 0 }));
        return send(200, { status: true, message: 'Plans retrieved', data, meta: { total: data.length, skipped: 0, perPage: 50, page: 1, pageCount: 1 } });
      }
      if (url.pathname === '/plan' && request.method === 'POST') {
        const { name, amount, interval, currency = 'NGN' } = body;
        if (typeof name !== 'string' || !Number.isInteger(amount) || (amount as number) <= 0) return fail(400, 'Name and amount are required');
        if (!['daily', 'weekly', 'monthly', 'biannually', 'annually'].includes(interval as string)) return fail(400, 'Invalid interval');
        const plan: Plan = { id: nextId++, plan_code: code('PLN'), name, amount: amount as number, interval: interval as string, currency: currency as string, createdAt: new Date().toISOString() };
        plans.push(plan);
        return send(200, { status: true, message: 'Plan created', data: { ...plan, integration: 1, domain: 'test', invoice_limit: 0, send_invoices: true, send_sms: true, hosted_page: false, migrate: false, is_archived: false, updatedAt: plan.createdAt } });
      }
      if (url.pathname === '/transaction/initialize' && request.method === 'POST') {
        const { email, reference, callback_url: callbackUrl, plan: planCode, channels, currency = 'NGN', metadata } = body;
        let amount = typeof body.amount === 'string' ? Number(body.amount) : body.amount;
        if (typeof email !== 'string' || !email.includes('@')) return fail(400, 'Invalid Email Address Passed', { type: 'validation_error', code: 'invalid_params' });
        if (typeof reference !== 'string' || !/^[A-Za-z0-9.=-]+$/.test(reference)) return fail(400, 'Invalid reference', { type: 'validation_error' });
        if (transactions.has(reference)) return fail(400, 'Duplicate Transaction Reference', { type: 'validation_error', code: 'duplicate_reference' });
        let plan: Plan | null = null;
        if (planCode !== undefined) {
          plan = plans.find((p) => p.plan_code === planCode) ?? null;
          if (!plan) return fail(400, 'Plan not found', { type: 'validation_error' });
          // A plan invalidates the amount: its own is charged.
          amount = plan.amount;
        }
        if (!Number.isInteger(amount) || (amount as number) <= 0) return fail(400, 'Invalid Amount Sent', { type: 'validation_error' });
        const t: StandinTransaction = {
          id: nextId++,
          reference,
          accessCode: randomBytes(8).toString('hex'),
          amount: amount as number,
          currency: currency as string,
          email,
          channels: Array.isArray(channels) && channels.length > 0 ? (channels as string[]) : ['card'],
          callbackUrl: typeof callbackUrl === 'string' ? callbackUrl : null,
          plan,
          metadata: (metadata as Record<string, unknown>) ?? {},
          status: 'abandoned',
          channel: 'card',
          paidAt: null,
          createdAt: new Date().toISOString(),
          authorization: null,
          customer: customerFor(email),
        };
        transactions.set(reference, t);
        return send(200, { status: true, message: 'Authorization URL created', data: { authorization_url: `${standin.apiUrl}/checkout/${t.accessCode}`, access_code: t.accessCode, reference } });
      }
      const verify = url.pathname.match(/^\/transaction\/verify\/(.+)$/);
      if (verify && request.method === 'GET') {
        const t = transactions.get(decodeURIComponent(verify[1]!));
        if (!t) return fail(404, 'Transaction reference not found', { type: 'validation_error', code: 'transaction_not_found' });
        return send(200, { status: true, message: 'Verification successful', data: transactionData(t) });
      }
      if (url.pathname === '/subscription/disable' && request.method === 'POST') {
        const s = subscriptions.get(body.code as string);
        if (!s || s.email_token !== body.token) return fail(404, 'Subscription with code not found or already inactive');
        if (s.status !== 'active' && s.status !== 'non-renewing') return fail(400, 'Subscription with code not found or already inactive');
        s.status = 'non-renewing';
        return send(200, { status: true, message: 'Subscription disabled successfully' });
      }
      const manage = url.pathname.match(/^\/subscription\/([\w-]+)\/manage\/link$/);
      if (manage && request.method === 'GET') {
        if (!subscriptions.has(manage[1]!)) return fail(404, 'Subscription not found');
        return send(200, { status: true, message: 'Link generated', data: { link: `${standin.apiUrl}/manage/subscriptions/${manage[1]}?subscription_token=${code('TOK')}` } });
      }
      if (url.pathname === '/refund' && request.method === 'POST') {
        const t = transactions.get(body.transaction as string);
        if (!t || t.status !== 'success') return fail(400, 'Transaction has not been paid', { type: 'validation_error' });
        const amount = body.amount ?? t.amount;
        if (!Number.isInteger(amount) || (amount as number) <= 0 || (amount as number) > t.amount) {
          return fail(400, 'Refund amount cannot be more than the transaction amount', { type: 'validation_error' });
        }
        const now = new Date().toISOString();
        return send(200, {
          status: true,
          message: 'Refund has been queued for processing',
          data: { transaction: { id: t.id, domain: 'test', reference: t.reference, amount: t.amount, paid_at: t.paidAt, channel: t.channel, currency: t.currency }, integration: 1, deducted_amount: 0, channel: null, merchant_note: '', customer_note: '', status: 'pending', refunded_by: 'kora', expected_at: now, currency: t.currency, domain: 'test', amount, fully_deducted: false, id: nextId++, createdAt: now, updatedAt: now },
        });
      }
      return fail(404, `No route ${request.method} ${url.pathname}`);
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const standin: PaystackStandin = {
    apiUrl: `http://127.0.0.1:${port}`,
    secretKey,
    transactions,
    subscriptions,
    plans,
    calls,
    webhookUrl: options.webhookUrl,
    checkout,
    changeCustomerEmail(email: string, newEmail: string) {
      const customer = customers.get(email);
      if (!customer) throw new Error(`no customer ${email}`);
      customer.email = newEmail;
    },
    events,
    sign,
    deliver,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
  return standin;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function checkoutPage(t: StandinTransaction): string {
  const naira = `₦${(t.amount / 100).toLocaleString('en-NG')}`;
  const button = (outcome: CheckoutOutcome, label: string) =>
    `<form method="post" action="/checkout/${t.accessCode}/${outcome}"><button type="submit" name="outcome" value="${outcome}">${label}</button></form>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Paystack stand-in checkout</title></head>
<body><main><h1>Pay ${escapeHtml(naira)}</h1><p>${escapeHtml(t.email)} · ${escapeHtml(t.channels.join(', '))}${t.plan ? ` · ${escapeHtml(t.plan.name)} (monthly)` : ''}</p>
<p>Reference ${escapeHtml(t.reference)}</p>
${button('pay', 'Pay')}${button('decline', 'Decline')}${button('abandon', 'Abandon')}</main></body></html>`;
}

type BuilderDeps = {
  transactions: Map<string, StandinTransaction>;
  subscriptions: Map<string, StandinSubscription>;
  transactionData: (t: StandinTransaction) => unknown;
  subscriptionData: (s: StandinSubscription) => Record<string, unknown>;
  code: (prefix: string) => string;
  nextId: () => number;
};

/** The webhook events Paystack sends, built from the stand-in's own records. */
function eventBuilders({ transactions, subscriptions, transactionData, subscriptionData, code, nextId }: BuilderDeps) {
  const subscriptionOf = (subscriptionCode: string) => {
    const s = subscriptions.get(subscriptionCode);
    if (!s) throw new Error(`no subscription ${subscriptionCode}`);
    return s;
  };
  return {
    /** charge.success of a transaction paid on the checkout page. */
    chargeSuccess(reference: string) {
      const t = transactions.get(reference);
      if (!t) throw new Error(`no transaction ${reference}`);
      return { event: 'charge.success', data: { ...(transactionData(t) as object), plan: t.plan ? { ...t.plan } : {} } };
    },

    /** A renewal Paystack charged to the subscription's card, under its own reference. */
    renewal(subscriptionCode: string, overrides: { amount?: number; currency?: string; paidAt?: Date } = {}) {
      const s = subscriptionOf(subscriptionCode);
      const paidAt = (overrides.paidAt ?? new Date()).toISOString();
      const t: StandinTransaction = {
        id: nextId(),
        reference: code('T'),
        accessCode: code('AC'),
        amount: overrides.amount ?? s.plan.amount,
        currency: overrides.currency ?? s.plan.currency,
        email: s.customer.email,
        channels: ['card'],
        callbackUrl: null,
        plan: s.plan,
        metadata: { invoice_action: 'create' },
        status: 'success',
        channel: 'card',
        paidAt,
        createdAt: paidAt,
        authorization: s.authorization,
        customer: s.customer,
      };
      transactions.set(t.reference, t);
      s.next_payment_date = new Date(Date.parse(paidAt) + MONTH_MS).toISOString();
      return { event: 'charge.success', data: { ...(transactionData(t) as object), plan: { ...s.plan } } };
    },

    /** subscription.create, subscription.not_renew or subscription.disable. */
    subscription(kind: 'create' | 'not_renew' | 'disable', subscriptionCode: string) {
      const s = subscriptionOf(subscriptionCode);
      if (kind === 'not_renew') s.status = 'non-renewing';
      if (kind === 'disable') s.status = 'complete';
      return { event: `subscription.${kind}`, data: subscriptionData(s) };
    },

    /** invoice.payment_failed: the renewal could not be charged. */
    invoiceFailed(subscriptionCode: string, at: Date = new Date()) {
      const s = subscriptionOf(subscriptionCode);
      const { customer, authorization, plan: _plan, ...subscription } = subscriptionData(s);
      return {
        event: 'invoice.payment_failed',
        data: {
          domain: 'test',
          invoice_code: code('INV'),
          amount: s.plan.amount,
          period_start: at.toISOString(),
          period_end: new Date(at.getTime() + MONTH_MS).toISOString(),
          status: 'pending',
          paid: false,
          paid_at: null,
          description: null,
          authorization,
          subscription,
          customer,
          transaction: { reference: code('T'), status: 'failed', amount: s.plan.amount, currency: s.plan.currency },
          created_at: at.toISOString(),
        },
      };
    },

    /** refund.processed for a paid transaction. */
    refundProcessed(reference: string) {
      const t = transactions.get(reference);
      if (!t) throw new Error(`no transaction ${reference}`);
      return {
        event: 'refund.processed',
        data: {
          status: 'processed',
          transaction_reference: reference,
          refund_reference: code('RF'),
          amount: t.amount,
          currency: t.currency,
          processor: 'visa',
          customer: { first_name: null, last_name: null, email: t.email },
          integration: 1,
          domain: 'test',
        },
      };
    },
  };
}
