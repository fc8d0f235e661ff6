// The commercial invoice of one bag as a PDF, in English or Portuguese. Pure: the same data and
// language always give the same bytes (the PDF's dates and id come from `issuedAt`, never the clock).
// All text uses the embedded Noto Sans SC, which covers Chinese goods titles and the Latin of the
// labels (Portuguese accents included) in one typeface; pdfkit embeds only the glyphs a document
// uses. Characters the font lacks (emoji, Hangul, Thai, Arabic) show as its missing-glyph box.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

export const INVOICE_LANGUAGES = ['en', 'pt'] as const;
export type InvoiceLanguage = (typeof INVOICE_LANGUAGES)[number];

/** Every text of the invoice that is not data; one table per language, all keys translated. */
export interface InvoiceLabels {
  title: string;
  invoiceNo: string;
  invoiceDate: string;
  bagNo: string;
  seller: string;
  consignee: string;
  phone: string;
  shipment: string;
  shippingLine: string;
  weight: string;
  trackingNo: string;
  currency: string;
  purpose: string;
  purposeValue: string;
  lineNo: string;
  description: string;
  orderItem: string;
  quantity: string;
  unitValue: string;
  amount: string;
  totalQuantity: string;
  declaredValue: string;
  freight: string;
  invoiceTotal: string;
  declarationTitle: string;
  declaration: string;
  /** `{page}` and `{pages}` are replaced. */
  page: string;
}

export const INVOICE_LABELS: Readonly<Record<InvoiceLanguage, Readonly<InvoiceLabels>>> = {
  en: {
    title: 'COMMERCIAL INVOICE',
    invoiceNo: 'Invoice number',
    invoiceDate: 'Invoice date',
    bagNo: 'Bag number',
    seller: 'Seller / exporter',
    consignee: 'Consignee',
    phone: 'Phone',
    shipment: 'Shipment',
    shippingLine: 'Shipping line',
    weight: 'Gross weight',
    trackingNo: 'Tracking number',
    currency: 'Currency',
    purpose: 'Reason for export',
    purposeValue: 'Personal use, not for resale',
    lineNo: 'No.',
    description: 'Description of goods',
    orderItem: 'Order item',
    quantity: 'Qty',
    unitValue: 'Unit value',
    amount: 'Amount',
    totalQuantity: 'Total quantity',
    declaredValue: 'Total declared value',
    freight: 'International freight',
    invoiceTotal: 'Invoice total',
    declarationTitle: 'Declaration',
    declaration:
      'I declare that the information on this invoice is true and correct, and that the contents of this shipment are as stated above.',
    page: 'Page {page} of {pages}',
  },
  pt: {
    title: 'FATURA COMERCIAL',
    invoiceNo: 'Número da fatura',
    invoiceDate: 'Data da fatura',
    bagNo: 'Número do pacote',
    seller: 'Vendedor / exportador',
    consignee: 'Destinatário',
    phone: 'Telefone',
    shipment: 'Remessa',
    shippingLine: 'Linha de envio',
    weight: 'Peso bruto',
    trackingNo: 'Código de rastreio',
    currency: 'Moeda',
    purpose: 'Motivo da exportação',
    purposeValue: 'Uso pessoal, sem fins comerciais',
    lineNo: 'Nº',
    description: 'Descrição das mercadorias',
    orderItem: 'Item do pedido',
    quantity: 'Qtd.',
    unitValue: 'Valor unitário',
    amount: 'Valor',
    totalQuantity: 'Quantidade total',
    declaredValue: 'Valor total declarado',
    freight: 'Frete internacional',
    invoiceTotal: 'Total da fatura',
    declarationTitle: 'Declaração',
    declaration:
      'Declaro que as informações desta fatura são verdadeiras e corretas e que o conteúdo desta remessa corresponde ao descrito acima.',
    page: 'Página {page} de {pages}',
  },
};

export const INVOICE_CURRENCY = 'CNY';

export interface InvoiceParty {
  name: string;
  /** Address and contact lines, already in display order. */
  lines: string[];
  phone: string | null;
}

export interface InvoiceLine {
  orderItemNo: string;
  description: string;
  /** SKU properties, e.g. "Color: Red; Size: M"; empty when the goods has none. */
  specification: string;
  qty: number;
  /** CNY cents. */
  unitValue: number;
  /** CNY cents. */
  amount: number;
}

export interface InvoiceData {
  invoiceNo: string;
  bagNo: string;
  issuedAt: Date;
  seller: InvoiceParty;
  consignee: InvoiceParty;
  shippingLine: string | null;
  weightGrams: number | null;
  trackingNo: string | null;
  /** International freight of the bag in CNY cents; null when not known. */
  freightAmount: number | null;
  lines: InvoiceLine[];
}

const SEPARATORS: Record<InvoiceLanguage, { group: string; decimal: string }> = {
  en: { group: ',', decimal: '.' },
  pt: { group: '.', decimal: ',' },
};

function groupDigits(value: number, group: string): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, group);
}

/** Integer cents as a decimal with two places, in the language's notation (1,234.50 / 1.234,50). */
export function formatAmount(cents: number, language: InvoiceLanguage): string {
  const { group, decimal } = SEPARATORS[language];
  const abs = Math.abs(cents);
  const fraction = String(abs % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}${groupDigits(Math.floor(abs / 100), group)}${decimal}${fraction}`;
}

/** Grams as kilograms with three places (1.200 kg / 1,200 kg): exact, no rounding. */
export function formatWeight(grams: number, language: InvoiceLanguage): string {
  const { group, decimal } = SEPARATORS[language];
  return `${groupDigits(Math.floor(grams / 1000), group)}${decimal}${String(grams % 1000).padStart(3, '0')} kg`;
}

/** The UTC date: 2026-11-21 in English, 21/11/2026 in Portuguese. */
export function formatDate(date: Date, language: InvoiceLanguage): string {
  const [year, month, day] = date.toISOString().slice(0, 10).split('-');
  return language === 'pt' ? `${day}/${month}/${year}` : `${year}-${month}-${day}`;
}

/** Data text on one line: accents composed (the font has ã, not a + combining ~), whitespace runs as one space. */
export function displayText(text: string): string {
  return text.normalize('NFC').replace(/\s+/g, ' ').trim();
}

const FONT_FILES = {
  regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
} as const;
type FontWeight = keyof typeof FONT_FILES;
const resolveFont = createRequire(import.meta.url).resolve;

let fontFiles: Promise<Record<FontWeight, Buffer>> | undefined;

/**
 * pdfkit (about 22 MB of resident memory and 0.2-0.4 s to load here) is imported on the first
 * invoice, like the fonts: a process that makes no invoice never loads it.
 */
const pdfKit = () => import('pdfkit').then((module) => module.default);

/** The font files (about 10 MB each), read on the first invoice and kept for the process; a failed read is tried again next time. */
function invoiceFonts(): Promise<Record<FontWeight, Buffer>> {
  fontFiles ??= Promise.all([readFile(resolveFont(FONT_FILES.regular)), readFile(resolveFont(FONT_FILES.bold))]).then(
    ([regular, bold]) => ({ regular, bold }),
    (error: unknown) => {
      fontFiles = undefined;
      throw error;
    },
  );
  return fontFiles;
}

// A4 in points; everything below is laid out on a fixed grid so rows can be measured before drawing.
const MARGIN = 50;
const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
/** Lowest y content may reach; the page number sits below it. */
const CONTENT_BOTTOM = PAGE_HEIGHT - MARGIN - 20;
const GREY = '#555555';
const RULE = '#999999';

const COLUMNS = {
  lineNo: { x: MARGIN, width: 28 },
  description: { x: MARGIN + 28, width: 237 },
  quantity: { x: MARGIN + 265, width: 40 },
  unitValue: { x: MARGIN + 305, width: 90 },
  amount: { x: MARGIN + 395, width: CONTENT_WIDTH - 395 },
} as const;

type Doc = PDFKit.PDFDocument;
/** Names the fonts are registered under in each document. */
const REGULAR: FontWeight = 'regular';
const BOLD: FontWeight = 'bold';

function rule(doc: Doc, y: number): void {
  doc.moveTo(MARGIN, y).lineTo(MARGIN + CONTENT_WIDTH, y).lineWidth(0.5).strokeColor(RULE).stroke();
}

/** Draws a block of "label: value" lines at (x, y) within `width`; answers the y below it. */
function fieldList(doc: Doc, fields: [string, string][], x: number, y: number, width: number): number {
  let cursor = y;
  for (const [label, value] of fields) {
    const text = `${label}: ${value}`;
    doc.font(REGULAR).fontSize(9).fillColor('black');
    doc.text(text, x, cursor, { width });
    cursor += doc.heightOfString(text, { width }) + 2;
  }
  return cursor;
}

function partyBlock(doc: Doc, heading: string, party: InvoiceParty, phoneLabel: string, x: number, y: number, width: number): number {
  doc.font(BOLD).fontSize(10).fillColor('black').text(heading, x, y, { width });
  let cursor = y + 15;
  const lines = [party.name, ...party.lines].map(displayText).filter(Boolean);
  doc.font(REGULAR).fontSize(9);
  for (const line of lines) {
    doc.text(line, x, cursor, { width });
    cursor += doc.heightOfString(line, { width }) + 1;
  }
  return fieldList(doc, [[phoneLabel, (party.phone && displayText(party.phone)) || '-']], x, cursor, width);
}

function tableHeader(doc: Doc, labels: InvoiceLabels, y: number): number {
  doc.font(BOLD).fontSize(9).fillColor('black');
  const cells: [keyof typeof COLUMNS, string, 'left' | 'right'][] = [
    ['lineNo', labels.lineNo, 'left'],
    ['description', labels.description, 'left'],
    ['quantity', labels.quantity, 'right'],
    ['unitValue', `${labels.unitValue} (${INVOICE_CURRENCY})`, 'right'],
    ['amount', `${labels.amount} (${INVOICE_CURRENCY})`, 'right'],
  ];
  let height = 0;
  for (const [column, text, align] of cells) {
    const { x, width } = COLUMNS[column];
    doc.text(text, x, y, { width, align });
    height = Math.max(height, doc.heightOfString(text, { width }));
  }
  rule(doc, y + height + 3);
  return y + height + 7;
}

/** The description cell of a line: title, specification, order item number. */
function descriptionParts(line: InvoiceLine, labels: InvoiceLabels): { text: string; size: number; color: string }[] {
  const parts = [{ text: displayText(line.description) || '-', size: 9, color: 'black' }];
  const specification = displayText(line.specification);
  if (specification) parts.push({ text: specification, size: 8, color: GREY });
  parts.push({ text: `${labels.orderItem}: ${displayText(line.orderItemNo)}`, size: 8, color: GREY });
  return parts;
}

function measureParts(doc: Doc, parts: { text: string; size: number }[], width: number): number {
  let height = 0;
  for (const part of parts) height += doc.font(REGULAR).fontSize(part.size).heightOfString(part.text, { width }) + 1;
  return height;
}

function newPage(doc: Doc): number {
  doc.addPage();
  return MARGIN;
}

export async function renderInvoicePdf(data: InvoiceData, language: InvoiceLanguage): Promise<Buffer> {
  const labels = INVOICE_LABELS[language];
  const amount = (cents: number) => formatAmount(cents, language);
  const [fonts, PDFDocument] = await Promise.all([invoiceFonts(), pdfKit()]);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    lang: language,
    info: {
      Title: `${labels.title} ${data.invoiceNo}`,
      Author: displayText(data.seller.name),
      Subject: data.bagNo,
      Creator: 'OpenBuy',
      Producer: 'OpenBuy',
      CreationDate: data.issuedAt,
      ModDate: data.issuedAt,
    },
  });
  doc.registerFont(REGULAR, fonts.regular).registerFont(BOLD, fonts.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // Title and references
  doc.font(BOLD).fontSize(18).fillColor('black').text(labels.title, MARGIN, MARGIN, { width: 260 });
  const referencesBottom = fieldList(
    doc,
    [
      [labels.invoiceNo, displayText(data.invoiceNo)],
      [labels.invoiceDate, formatDate(data.issuedAt, language)],
      [labels.bagNo, displayText(data.bagNo)],
    ],
    MARGIN + 290,
    MARGIN + 2,
    CONTENT_WIDTH - 290,
  );
  let y = Math.max(referencesBottom, MARGIN + 30) + 12;
  rule(doc, y);
  y += 10;

  // Parties
  const halfWidth = (CONTENT_WIDTH - 20) / 2;
  const sellerBottom = partyBlock(doc, labels.seller, data.seller, labels.phone, MARGIN, y, halfWidth);
  const consigneeBottom = partyBlock(doc, labels.consignee, data.consignee, labels.phone, MARGIN + halfWidth + 20, y, halfWidth);
  y = Math.max(sellerBottom, consigneeBottom) + 12;

  // Shipment
  doc.font(BOLD).fontSize(10).fillColor('black').text(labels.shipment, MARGIN, y, { width: CONTENT_WIDTH });
  y += 15;
  const shipmentLeft = fieldList(
    doc,
    [
      [labels.shippingLine, data.shippingLine ? displayText(data.shippingLine) : '-'],
      [labels.weight, data.weightGrams === null ? '-' : formatWeight(data.weightGrams, language)],
      [labels.trackingNo, data.trackingNo ? displayText(data.trackingNo) : '-'],
    ],
    MARGIN,
    y,
    halfWidth,
  );
  const shipmentRight = fieldList(
    doc,
    [
      [labels.currency, INVOICE_CURRENCY],
      [labels.purpose, labels.purposeValue],
    ],
    MARGIN + halfWidth + 20,
    y,
    halfWidth,
  );
  y = Math.max(shipmentLeft, shipmentRight) + 12;

  // Lines
  y = tableHeader(doc, labels, y);
  let totalQuantity = 0;
  let declaredValue = 0;
  data.lines.forEach((line, index) => {
    totalQuantity += line.qty;
    declaredValue += line.amount;
    const parts = descriptionParts(line, labels);
    const height = Math.max(measureParts(doc, parts, COLUMNS.description.width), 12) + 5;
    if (y + height > CONTENT_BOTTOM) y = tableHeader(doc, labels, newPage(doc));
    doc.font(REGULAR).fontSize(9).fillColor('black');
    doc.text(String(index + 1), COLUMNS.lineNo.x, y, { width: COLUMNS.lineNo.width });
    doc.text(String(line.qty), COLUMNS.quantity.x, y, { width: COLUMNS.quantity.width, align: 'right' });
    doc.text(amount(line.unitValue), COLUMNS.unitValue.x, y, { width: COLUMNS.unitValue.width, align: 'right' });
    doc.text(amount(line.amount), COLUMNS.amount.x, y, { width: COLUMNS.amount.width, align: 'right' });
    let partY = y;
    for (const part of parts) {
      doc.font(REGULAR).fontSize(part.size).fillColor(part.color);
      doc.text(part.text, COLUMNS.description.x, partY, { width: COLUMNS.description.width });
      partY += doc.heightOfString(part.text, { width: COLUMNS.description.width }) + 1;
    }
    y += height;
    rule(doc, y - 2);
  });

  // Totals
  const totals: [string, string, boolean][] = [
    [labels.totalQuantity, String(totalQuantity), false],
    [labels.declaredValue, `${amount(declaredValue)} ${INVOICE_CURRENCY}`, false],
  ];
  if (data.freightAmount !== null) totals.push([labels.freight, `${amount(data.freightAmount)} ${INVOICE_CURRENCY}`, false]);
  totals.push([labels.invoiceTotal, `${amount(declaredValue + (data.freightAmount ?? 0))} ${INVOICE_CURRENCY}`, true]);
  if (y + 8 + totals.length * 14 > CONTENT_BOTTOM) y = newPage(doc);
  y += 8;
  for (const [label, value, bold] of totals) {
    doc.font(bold ? BOLD : REGULAR).fontSize(9).fillColor('black');
    doc.text(label, MARGIN + 175, y, { width: 210, align: 'right' });
    doc.text(value, COLUMNS.amount.x - 10, y, { width: COLUMNS.amount.width + 10, align: 'right' });
    y += 14;
  }

  // Declaration, signed by the seller and dated
  doc.font(REGULAR).fontSize(9);
  const declarationHeight = 15 + doc.heightOfString(labels.declaration, { width: CONTENT_WIDTH }) + 40;
  if (y + 16 + declarationHeight > CONTENT_BOTTOM) y = newPage(doc);
  y += 16;
  doc.font(BOLD).fontSize(10).fillColor('black').text(labels.declarationTitle, MARGIN, y, { width: CONTENT_WIDTH });
  y += 15;
  doc.font(REGULAR).fontSize(9).text(labels.declaration, MARGIN, y, { width: CONTENT_WIDTH });
  y += doc.heightOfString(labels.declaration, { width: CONTENT_WIDTH }) + 25;
  rule(doc, y);
  doc.text(`${displayText(data.seller.name)}, ${formatDate(data.issuedAt, language)}`, MARGIN, y + 4, { width: CONTENT_WIDTH });

  // Page numbers, once the page count is known. The footer lies in the bottom margin, which pdfkit
  // would otherwise answer with a new page.
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const text = labels.page.replace('{page}', String(index - start + 1)).replace('{pages}', String(count));
    doc.font(REGULAR).fontSize(8).fillColor(GREY).text(text, MARGIN, PAGE_HEIGHT - MARGIN + 10, { width: CONTENT_WIDTH, align: 'center' });
    doc.page.margins.bottom = bottomMargin;
  }
  doc.end();
  return finished;
}
