// Stores that may answer from memory (the in-memory rate limiter, the client registry's cache) give
// a value at once, and a promise only when they must wait. Chaining with `andThen` keeps an answer
// that needed no waiting synchronous: no promise and no microtask on a hot path (a refused secret).

export type MaybePromise<T> = T | Promise<T>;

/** `next(value)` now when `value` is at hand, once it settles otherwise. A synchronous throw of `next` stays synchronous. */
export function andThen<T, R>(value: MaybePromise<T>, next: (value: T) => MaybePromise<R>): MaybePromise<R> {
  return value instanceof Promise ? value.then(next) : next(value);
}
