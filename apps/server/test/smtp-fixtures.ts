import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** Real SMTP servers for the e-mail suites (the order-life work, decision 014): one that accepts, refuses, or stalls. */

export interface TestSmtpServer {
  url: string;
  received: ParsedMail[];
  /** How many conversations reached DATA (a message started). */
  dataStarted: () => number;
  close: () => Promise<void>;
}

export type SmtpBehaviour = 'accept' | 'refuse' | 'stall-data';

/**
 * `accept` parses and keeps every message; `refuse` answers 451 to every recipient (a temporary
 * failure, what a full or greylisting server says); `stall-data` takes the message and never
 * answers, as a server that hangs mid-send.
 */
export async function startSmtpServer(behaviour: SmtpBehaviour = 'accept'): Promise<TestSmtpServer> {
  const received: ParsedMail[] = [];
  let started = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 10 * 1024 * 1024,
    onRcptTo(_address, _session, callback) {
      if (behaviour === 'refuse') {
        const error = Object.assign(new Error('Servicio no disponible, probá más tarde'), { responseCode: 451 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      started += 1;
      if (behaviour === 'stall-data') {
        // The sending process may be killed mid-message (that is what the stall is for): its reset
        // ends this stream with an error nobody needs to hear about.
        stream.on('error', () => undefined);
        stream.resume();
        return; // never calls back: the client waits for the 250 forever
      }
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  // A client that dies mid-conversation (a killed server process) resets its connection: an
  // 'error' without a listener would be thrown in the test process.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    dataStarted: () => started,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Stalled conversations would keep close() waiting.
        setTimeout(resolve, 500).unref();
      }),
  };
}

/** A TCP server that accepts connections and never says a word (no SMTP greeting): a timeout. */
export async function startSilentServer(): Promise<{ url: string; connections: () => number; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  let count = 0;
  const server = net.createServer((socket) => {
    count += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    connections: () => count,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export async function waitFor<T>(read: () => T | Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (last: ${JSON.stringify(value)})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const recipientsOf = (mail: ParsedMail) =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) => a.value.map((v) => v.address?.toLowerCase() ?? ''));
