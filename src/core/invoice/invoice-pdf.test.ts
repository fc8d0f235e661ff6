import { describe, expect, it } from 'vitest';
import { pdfPages, pdfText } from '../../../test/support/invoice';
import {
  displayText,
  formatAmount,
  formatDate,
  formatWeight,
  INVOICE_LABELS,
  INVOICE_LANGUAGES,
  type InvoiceData,
  type InvoiceLabels,
  type InvoiceLine,
  renderInvoicePdf,
} from './invoice-pdf';

function line(index: number, overrides: Partial<InvoiceLine> = {}): InvoiceLine {
  return {
    orderItemNo: `PI20261121100000${String(index).padStart(6, '0')}`,
    description: `Camiseta de algodão ${index}`,
    specification: 'Cor: Azul; Tamanho: M',
    qty: 2,
    unitValue: 4_950,
    amount: 9_900,
    ...overrides,
  };
}

function invoice(lines: InvoiceLine[], overrides: Partial<InvoiceData> = {}): InvoiceData {
  return {
    invoiceNo: 'INV-B20261121100000123456',
    bagNo: 'B20261121100000123456',
    issuedAt: new Date(Date.UTC(2026, 10, 21, 10, 30, 0)),
    seller: { name: 'OpenBuy', lines: ['OpenBuy operations', 'https://openbuy.example'], phone: '+86 20 1234 5678' },
    consignee: { name: 'Ana Souza', lines: ['Rua Augusta 1000', 'São Paulo 01304-001', 'Brazil (BR)'], phone: '+55 11 91234-5678' },
    shippingLine: 'Air Standard',
    weightGrams: 1_200,
    trackingNo: null,
    freightAmount: 12_000,
    lines,
    ...overrides,
  };
}

/** The fixed parts of a label (`Page {page} of {pages}` -> `Page`, `of`), the long ones only. */
function labelFragments(labels: InvoiceLabels): string[] {
  return Object.values(labels)
    .flatMap((label) => label.split(/\{\w+\}/))
    .map((fragment) => fragment.trim())
    .filter((fragment) => fragment.length >= 3);
}

describe('number, date and text formats', () => {
  it.each([
    [0, '0.00', '0,00'],
    [5, '0.05', '0,05'],
    [9_900, '99.00', '99,00'],
    [123_456, '1,234.56', '1.234,56'],
    [100_000_000_007, '1,000,000,000.07', '1.000.000.000,07'],
    [-1_250, '-12.50', '-12,50'],
  ])('formats %i cents as %s / %s', (cents, en, pt) => {
    expect(formatAmount(cents, 'en')).toBe(en);
    expect(formatAmount(cents, 'pt')).toBe(pt);
  });

  it('formats weights exactly and dates per language in UTC', () => {
    expect(formatWeight(1_200, 'en')).toBe('1.200 kg');
    expect(formatWeight(1_234_567, 'pt')).toBe('1.234,567 kg');
    expect(formatWeight(5, 'en')).toBe('0.005 kg');
    const date = new Date('2026-03-04T23:30:00-03:00');
    expect(formatDate(date, 'en')).toBe('2026-03-05');
    expect(formatDate(date, 'pt')).toBe('05/03/2026');
  });

  it('keeps every character of data text, composes accents and collapses whitespace', () => {
    expect(displayText('  São Paulo —\n ação €5 ')).toBe('São Paulo — ação €5');
    expect(displayText('连衣裙\t dress')).toBe('连衣裙 dress');
    expect(displayText('Sa\u0303o')).toBe('São');
  });
});

describe('renderInvoicePdf', () => {
  it('translates every label', () => {
    for (const key of Object.keys(INVOICE_LABELS.en) as (keyof InvoiceLabels)[]) {
      expect(INVOICE_LABELS.pt[key], key).not.toBe(INVOICE_LABELS.en[key]);
    }
  });

  it('is deterministic: the same data gives the same bytes', async () => {
    const data = invoice([line(1), line(2)]);
    for (const language of INVOICE_LANGUAGES) {
      const [first, second] = await Promise.all([renderInvoicePdf(data, language), renderInvoicePdf(structuredClone(data), language)]);
      expect(first.subarray(0, 5).toString()).toBe('%PDF-');
      expect(first.equals(second)).toBe(true);
    }
    const later = await renderInvoicePdf({ ...data, issuedAt: new Date(Date.UTC(2026, 10, 22)) }, 'en');
    expect(later.equals(await renderInvoicePdf(data, 'en'))).toBe(false);
  });

  it.each(INVOICE_LANGUAGES)('writes the %s invoice in its language only, with every amount and the totals', async (language) => {
    const other = language === 'en' ? 'pt' : 'en';
    const lines = [line(1), line(2, { qty: 1, unitValue: 123_456, amount: 123_456, description: 'Tênis de corrida' })];
    const text = await pdfText(await renderInvoicePdf(invoice(lines), language));
    for (const label of labelFragments(INVOICE_LABELS[language])) expect(text).toContain(label);
    for (const label of labelFragments(INVOICE_LABELS[other])) expect(text).not.toContain(label);
    expect(text).toContain('B20261121100000123456');
    expect(text).toContain('Tênis de corrida');
    expect(text).toContain('São Paulo 01304-001');
    expect(text).toContain('Cor: Azul; Tamanho: M');
    expect(text).toContain(formatAmount(4_950, language));
    expect(text).toContain(formatAmount(9_900, language));
    expect(text).toContain(formatAmount(123_456, language));
    // Declared value 1,333.56; freight 120.00; total 1,453.56
    expect(text).toContain(`${language === 'en' ? '1,333.56' : '1.333,56'} CNY`);
    expect(text).toContain(`${language === 'en' ? '120.00' : '120,00'} CNY`);
    expect(text).toContain(`${language === 'en' ? '1,453.56' : '1.453,56'} CNY`);
    expect(text).toContain(language === 'en' ? '2026-11-21' : '21/11/2026');
    expect(text).toContain(language === 'en' ? '1.200 kg' : '1,200 kg');
    expect(text).toContain(language === 'en' ? 'Page 1 of 1' : 'Página 1 de 1');
  });

  it('continues long invoices on further pages, repeating the table header and numbering every page', async () => {
    const lines = Array.from({ length: 60 }, (_, index) => line(index + 1, { qty: 1, unitValue: 100 + index, amount: 100 + index }));
    const pages = await pdfPages(await renderInvoicePdf(invoice(lines, { freightAmount: null }), 'pt'));
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, index) => {
      expect(page).toContain(`Página ${index + 1} de ${pages.length}`);
      expect(page).toContain(INVOICE_LABELS.pt.description);
    });
    const text = pages.join(' ');
    for (const current of lines) expect(text).toContain(current.orderItemNo);
    expect(text).not.toContain(INVOICE_LABELS.pt.freight);
    // 100 + 101 + ... + 159 cents
    expect(text).toContain(`${formatAmount(7_770, 'pt')} CNY`);
    expect(text).toContain('Quantidade total 60');
  });

  it('renders a bag without lines and without shipment details', async () => {
    const text = await pdfText(await renderInvoicePdf(invoice([], { weightGrams: null, shippingLine: null, freightAmount: null }), 'en'));
    expect(text).toContain('Total declared value 0.00 CNY');
    expect(text).toContain('Gross weight: -');
  });
});
