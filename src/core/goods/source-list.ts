import { goodsSourceByAlias, goodsSourceByCode, type GoodsSourceCode } from './sources';

/** Reads a configured list of goods sources: codes or names (`1,2`, `taobao, 1688`), comma separated. */
export function parseGoodsSourceList(text: string): { sources: GoodsSourceCode[]; unknown: string[] } {
  const sources = new Set<GoodsSourceCode>();
  const unknown: string[] = [];
  for (const entry of text.split(',').map((part) => part.trim()).filter(Boolean)) {
    // `1688` is a name (source 2), not a code.
    const source = (/^\d+$/.test(entry) ? goodsSourceByCode(Number(entry)) : undefined) ?? goodsSourceByAlias(entry);
    if (source) sources.add(source.code);
    else unknown.push(entry);
  }
  return { sources: [...sources].sort((a, b) => a - b), unknown };
}
