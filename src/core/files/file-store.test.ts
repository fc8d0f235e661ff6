import { describe, expect, it } from 'vitest';
import { safeFileName } from './file-store';

describe('safeFileName', () => {
  it.each([
    ['invoice-B1-en.pdf', 'invoice-B1-en.pdf'],
    ['Fatura ção.pdf', 'Fatura_cao.pdf'],
    ['../../etc/passwd', '_.._etc_passwd'],
    ['a"b\\c;d\r\ne.png', 'a_b_c_d_e.png'],
    ['.hidden', 'hidden'],
    ['连衣裙.jpg', '_.jpg'],
    ['', 'file'],
    ['...', 'file'],
  ])('%j -> %j', (name, safe) => {
    expect(safeFileName(name)).toBe(safe);
  });

  it('keeps names short', () => {
    expect(safeFileName(`${'x'.repeat(300)}.pdf`)).toHaveLength(200);
  });
});
