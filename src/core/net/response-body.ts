// Reading answers of outside servers without trusting their size: at most a known number of bytes
// is read, and the connection is always released.

/** The body was longer than the reader allows (see readBodyText's `overflow: 'fail'`). */
export class BodyTooLargeError extends Error {
  override readonly name = 'BodyTooLargeError';

  constructor(readonly maxBytes: number) {
    super(`the body exceeds ${maxBytes} bytes`);
  }
}

/**
 * The body as UTF-8 text, at most `maxBytes` of it. A longer body is cut there (`'truncate'`: the
 * rest is never read) or refused with BodyTooLargeError (`'fail'`).
 */
export async function readBodyText(response: Response, maxBytes: number, overflow: 'truncate' | 'fail'): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  try {
    while (overflow === 'fail' || bytes < maxBytes) {
      const { done, value } = await reader.read();
      if (done) break;
      if (overflow === 'fail' && bytes + value.byteLength > maxBytes) throw new BodyTooLargeError(maxBytes);
      const chunk = value.subarray(0, maxBytes - bytes);
      bytes += chunk.byteLength;
      text += decoder.decode(chunk, { stream: true });
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return text + decoder.decode();
}

/** Releases the connection of a response whose body is not needed. */
export async function discardBody(response: Response | null): Promise<void> {
  await response?.body?.cancel().catch(() => undefined);
}
