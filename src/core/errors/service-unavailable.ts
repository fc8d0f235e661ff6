// A part the service depends on (the database, Redis) is unreachable: the caller is told so at once,
// with a Retry-After, instead of waiting on it or seeing an internal error. The part comes back by
// itself (connections are re-established per request), so a retry a few seconds later can succeed.
import { ErrorCatalogue } from './catalogue';
import { refusal } from './reasons';
import type { ServiceError } from './service-error';

/** What a caller should wait before retrying, seconds: about one reconnect attempt of each client. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

export type DependencyName = 'database' | 'redis';

export function serviceUnavailable(...parts: DependencyName[]): ServiceError {
  return refusal(ErrorCatalogue.SERVICE_UNAVAILABLE, 'unreachable', { parts: parts.join(' and ') }, { headers: { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS) } });
}
