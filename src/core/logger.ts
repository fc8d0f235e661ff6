// The service log as core services see it: the subset of pino (Fastify's logger) they use, so the
// core depends on no logging library and tests can pass a recorder.
export interface ServiceLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** For cores built without a log (scripts, benchmarks). */
export const silentLogger: ServiceLogger = { info: () => {}, warn: () => {} };
