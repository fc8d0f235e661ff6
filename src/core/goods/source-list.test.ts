import { describe, expect, it } from 'vitest';
import { parseGoodsSourceList } from './source-list';

describe('parseGoodsSourceList', () => {
  it.each([
    ['', [], []],
    ['1,2', [1, 2], []],
    [' 3 , taobao ,1688,, ', [1, 2, 3], []],
    ['jd,5', [5], []],
    ['1,4,amazon', [1], ['4', 'amazon']],
  ])('%j', (text, sources, unknown) => {
    expect(parseGoodsSourceList(text)).toEqual({ sources, unknown });
  });
});
