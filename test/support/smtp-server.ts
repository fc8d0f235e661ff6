// A local SMTP server for mail tests (smtp-server, plain text, no STARTTLS) on 127.0.0.1 and a free
// port, listening from the test file's next hook until after its tests; it keeps what it receives.
// Also the header and body of a received message.
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerError } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';

export interface ReceivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  /** The user the client signed in as (undefined when it did not). */
  user: unknown;
  raw: string;
}

export interface SmtpServerOptions {
  /** The only sign-in accepted (and then required); without it, any sign-in or none is. */
  credentials?: { username: string; password: string };
  /** Recipients the server refuses (550). */
  refused?: readonly string[];
}

export interface TestSmtpServer {
  /** Its port, once it listens. */
  readonly port: number;
  /** The messages it accepted, oldest first (tests may empty it). */
  readonly received: ReceivedMail[];
}

export function useSmtpServer({ credentials, refused = [] }: SmtpServerOptions = {}): TestSmtpServer {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: !credentials,
    onAuth(auth, _session, callback) {
      if (!credentials || (auth.username === credentials.username && auth.password === credentials.password)) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      if (!refused.includes(address.address)) return callback();
      const refusal: SMTPServerError = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
      callback(refusal);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          envelopeTo: session.envelope.rcptTo.map((to) => to.address),
          user: session.user,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(resolve));
  });
  return {
    get port() {
      return port;
    },
    received,
  };
}

/** A header of a received message (unfolded). */
export function mailHeader(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return head.split(/\r?\n/).find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))?.slice(name.length + 1).trim();
}

/** The decoded body of a single-part message. */
export function mailBody(raw: string): string {
  const text = raw.split(/\r?\n\r?\n/).slice(1).join('\n\n');
  const encoding = mailHeader(raw, 'Content-Transfer-Encoding')?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(text, 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    return Buffer.from(text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_whole, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
  }
  return text;
}
