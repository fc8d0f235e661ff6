import { describe, expect, it } from 'vitest';
import { BodyTooLargeError, discardBody, readBodyText } from './response-body';

/** A response whose body arrives in the given chunks; `cancelled` tells whether the reader let go. */
function chunkedResponse(chunks: string[]) {
  const state = { cancelled: false, pulled: 0 };
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[state.pulled++];
      if (chunk === undefined) controller.close();
      else controller.enqueue(encoder.encode(chunk));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { response: new Response(body), state };
}

describe('readBodyText', () => {
  it('reads a body within the limit whole, in either mode', async () => {
    for (const overflow of ['truncate', 'fail'] as const) {
      expect(await readBodyText(chunkedResponse(['ab', 'cd', 'ef']).response, 6, overflow)).toBe('abcdef');
    }
  });

  it("cuts a longer body at the limit and stops reading ('truncate')", async () => {
    const { response, state } = chunkedResponse(['abcd', 'efgh', 'ijkl', 'mnop']);
    expect(await readBodyText(response, 6, 'truncate')).toBe('abcdef');
    expect(state.pulled).toBeLessThanOrEqual(3);
    expect(state.cancelled).toBe(true);
  });

  it("refuses one byte more than the limit ('fail') and releases the connection", async () => {
    const { response, state } = chunkedResponse(['abc', 'def', 'g']);
    await expect(readBodyText(response, 6, 'fail')).rejects.toEqual(new BodyTooLargeError(6));
    expect(state.cancelled).toBe(true);
  });

  it('decodes multi-byte characters split across chunks', async () => {
    const bytes = new TextEncoder().encode('São');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.subarray(0, 2));
        controller.enqueue(bytes.subarray(2));
        controller.close();
      },
    });
    expect(await readBodyText(new Response(body), 100, 'fail')).toBe('São');
  });

  it('answers an empty string for a response without a body', async () => {
    expect(await readBodyText(new Response(null), 10, 'fail')).toBe('');
  });
});

describe('discardBody', () => {
  it('cancels the body, and accepts no response at all', async () => {
    const { response, state } = chunkedResponse(['abc']);
    await discardBody(response);
    expect(state.cancelled).toBe(true);
    await expect(discardBody(null)).resolves.toBeUndefined();
  });
});
