import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One e-mail the stand-in accepted: the SMTP envelope as sent, and the message as parsed. */
export type ArrivedMail = {
  envelope: { from: string; to: string[] };
  /** The user the client signed in as. */
  user: string | undefined;
  message: ParsedMail;
  /** The message exactly as it came over the wire, headers included. */
  raw: string;
};

/** Answers the given SMTP command of the next sends with an error reply, as a real server does. */
export type Refusal = { at: 'mail' | 'rcpt' | 'data'; code: number; message: string };

export type SmtpStandin = {
  /** SMTP_URL for the app, with the stand-in's user and password. */
  url: string;
  arrived: ArrivedMail[];
  refuseNext(count: number, refusal: Refusal): void;
  close(): Promise<void>;
};

export const STANDIN_USER = 'kora';
export const STANDIN_PASSWORD = 'standin-secret';

/**
 * A real SMTP server (smtp-server) on a random 127.0.0.1 port for the tests, which reads what
 * arrived with mailparser. It requires the user and password of its URL; it offers no STARTTLS,
 * as a local relay often does, so the client sends in the clear on this loopback address.
 */
export async function startSmtpStandin(): Promise<SmtpStandin> {
  const arrived: ArrivedMail[] = [];
  const refusals: Refusal[] = [];

  function refusal(at: Refusal['at']): Error | null {
    if (refusals[0]?.at !== at) return null;
    const { code, message } = refusals.shift()!;
    return Object.assign(new Error(message), { responseCode: code });
  }

  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, callback) {
      if (auth.username === STANDIN_USER && auth.password === STANDIN_PASSWORD) callback(null, { user: auth.username });
      else callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onMailFrom(_address, _session, callback) {
      callback(refusal('mail'));
    },
    onRcptTo(_address, _session, callback) {
      callback(refusal('rcpt'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const refused = refusal('data');
        if (refused) return callback(refused);
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then(
          (message) => {
            arrived.push({
              envelope: {
                from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                to: session.envelope.rcptTo.map((recipient) => recipient.address),
              },
              user: typeof session.user === 'string' ? session.user : undefined,
              message,
              raw: raw.toString('utf8'),
            });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${STANDIN_USER}:${STANDIN_PASSWORD}@127.0.0.1:${port}`,
    arrived,
    refuseNext(count, next) {
      for (let i = 0; i < count; i += 1) refusals.push(next);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
