// A webhook receiver for tests: records every request it is sent and answers each path with the
// statuses queued for it, in turn (200 when none is left), once the path's hold (if any) is let go.
import type { IncomingHttpHeaders } from 'node:http';
import { type StubServer, useStubServer } from './stub-server';

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface WebhookReceiver extends StubServer {
  readonly received: ReceivedWebhook[];
  /** Statuses to answer per path, taken in turn. */
  readonly answers: Map<string, number[]>;
  /** Answers at a path wait until its promise settles: a slow receiver the test lets answer. */
  readonly holds: Map<string, Promise<unknown>>;
}

export function useWebhookReceiver(options: { hangPath?: string; answerBody?: (status: number) => string } = {}): WebhookReceiver {
  const received: ReceivedWebhook[] = [];
  const answers = new Map<string, number[]>();
  const holds = new Map<string, Promise<unknown>>();
  const server = useStubServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({ path, headers: request.headers, body });
      // A dead receiver: accepts the connection and never answers (the attempt times out).
      if (path === options.hangPath) return;
      const answer = () => {
        response.statusCode = answers.get(path)?.shift() ?? 200;
        response.end(options.answerBody?.(response.statusCode) ?? 'thanks');
      };
      const hold = holds.get(path);
      if (hold) void hold.finally(answer);
      else answer();
    });
  });
  return {
    received,
    answers,
    holds,
    get base() {
      return server.base;
    },
  };
}
