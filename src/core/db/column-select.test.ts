import { describe, expect, it } from 'vitest';
import { columnSelect } from './column-select';

const ALLOWED = { id: true, username: true, createdAt: true } as const;

describe('columnSelect', () => {
  it('selects the allowed columns asked for, and the ones always read', () => {
    expect(columnSelect(ALLOWED, ['username'], ['id'])).toEqual({ id: true, username: true });
    expect(columnSelect(ALLOWED, [], ['id'])).toEqual({ id: true });
  });

  it('drops names the allow-list does not hold: other columns of the model, computed fields, inherited properties', () => {
    expect(columnSelect(ALLOWED, ['passwordHash', 'dept', 'constructor', '__proto__', 'toString', 'createdAt'], ['id'])).toEqual({ id: true, createdAt: true });
  });
});
