import { afterEach, describe, expect, it, vi } from 'vitest';
import { newWebhookEventId } from './webhook-outbox';

describe('newWebhookEventId', () => {
  afterEach(() => vi.useRealTimers());

  it('sorts as text in the order of the times it was drawn at, years apart or a millisecond apart', () => {
    vi.useFakeTimers();
    const drawn: string[] = [];
    for (const at of [Date.UTC(2026, 0, 1), Date.UTC(2026, 0, 1) + 1, Date.UTC(2026, 11, 1, 22), Date.UTC(2090, 5, 1)]) {
      vi.setSystemTime(at);
      drawn.push(newWebhookEventId());
    }
    expect([...drawn].sort()).toEqual(drawn);
  });

  it('is unique within one millisecond: its random part differs', () => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.UTC(2026, 11, 1));
    const drawn = Array.from({ length: 2_000 }, () => newWebhookEventId());
    expect(new Set(drawn).size).toBe(drawn.length);
    expect(drawn[0]).toMatch(/^evt_[0-9a-z]{9}[A-Za-z0-9_-]{22}$/);
  });
});
