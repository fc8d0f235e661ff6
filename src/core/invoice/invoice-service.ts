// Commercial invoices of bags, requested by partners with the order numbers they know (parent O… or
// item PI… numbers). One PDF per bag and language, generated once (unique (bagId, language)) and
// then only read; a failed generation is retried when generation is requested again.
//
// Which numbers answer what:
// - numbers that are not orders of the calling partner (unknown, or another partner's) answer
//   nothing: they are skipped, so a partner cannot even learn that they exist;
// - an order of the caller answers one entry per bag holding any of its items;
// - an order of the caller with no item in a bag yet answers one entry with bagNo, status and url
//   null, so the partner can tell "not packed yet" from a number it mistyped.
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/unique-violation';
import type { FileStore } from '../files/file-store';
import { countryByAlpha2 } from '../geo/countries';
import { partnerClientIdOf } from '../member/partner-binding';
import { InvoiceStatus, type ValueOf } from '../order/statuses';
import { WebhookEventType } from '../webhook/event-types';
import type { WebhookOutbox } from '../webhook/webhook-outbox';
import { type RequestContext, tenantIdOf } from '../request-context';
import { type InvoiceData, type InvoiceLanguage, type InvoiceParty, renderInvoicePdf } from './invoice-pdf';

export type InvoiceStatusValue = ValueOf<typeof InvoiceStatus>;

export interface InvoiceEntry {
  /** The number as the partner sent it. */
  orderNo: string;
  bagNo: string | null;
  language: InvoiceLanguage;
  /** null: no invoice of this bag and language was requested yet (or the order is in no bag). */
  status: InvoiceStatusValue | null;
  /** Absolute URL of the PDF; only once generated. */
  url: string | null;
}

export type InvoiceRenderer = (data: InvoiceData, language: InvoiceLanguage) => Promise<Buffer>;

/**
 * A generation that has not finished after this long is taken to have died with its process (the
 * request that started it has long timed out), and the next generate request takes it over.
 */
export const GENERATION_LEASE_MS = 2 * 60 * 1000;

const ERROR_TEXT_MAX = 500;

interface BagRef {
  bagId: number;
  bagNo: string;
}

interface InvoiceRow {
  id: number;
  bagId: number;
  status: number;
  fileKey: string | null;
  updatedAt: Date;
}

const INVOICE_ROW = { id: true, bagId: true, status: true, fileKey: true, updatedAt: true } as const;

/** The generation of this row was taken over by another request (its lease had run out). */
class LostClaim extends Error {}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : typeof value === 'number' ? String(value) : null;
}

/** The consignee of a bag from its address snapshot (Json; fields as MemberAddress). */
function consigneeOf(address: unknown): InvoiceParty {
  const fields = typeof address === 'object' && address !== null && !Array.isArray(address) ? (address as Record<string, unknown>) : {};
  const countryCode = text(fields.country);
  const country = countryCode ? countryByAlpha2(countryCode) : undefined;
  const cityLine = [text(fields.city), text(fields.province), text(fields.postCode)].filter(Boolean).join(', ');
  return {
    name: text(fields.receiverName) ?? '-',
    lines: [text(fields.addressLine), cityLine, country ? `${country.enName} (${country.alpha2})` : countryCode].filter((line): line is string => Boolean(line)),
    phone: text(fields.phone),
  };
}

/** SKU properties ({Color: 'Red', Size: 'M'} or a list of strings) as one line. */
function specificationOf(skuProps: unknown): string {
  if (Array.isArray(skuProps)) return skuProps.map(text).filter(Boolean).join('; ');
  if (typeof skuProps === 'object' && skuProps !== null) {
    return Object.entries(skuProps as Record<string, unknown>)
      .map(([name, value]) => (text(value) ? `${name}: ${text(value)}` : null))
      .filter(Boolean)
      .join('; ');
  }
  return text(skuProps) ?? '';
}

export class InvoiceService {
  constructor(
    private readonly db: Db,
    private readonly files: FileStore,
    private readonly outbox: WebhookOutbox,
    private readonly render: InvoiceRenderer = renderInvoicePdf,
  ) {}

  /** Status and URL of the invoices of the orders' bags; generates nothing. */
  async get(ctx: RequestContext, orderNos: readonly string[], language: InvoiceLanguage): Promise<InvoiceEntry[]> {
    const bagsByOrderNo = await this.bagsOf(ctx, orderNos);
    const bagIds = [...new Set([...bagsByOrderNo.values()].flat().map((bag) => bag.bagId))];
    const invoices = await this.db.invoice.findMany({ where: { tenantId: tenantIdOf(ctx), language, bagId: { in: bagIds } }, select: INVOICE_ROW });
    return this.entries(bagsByOrderNo, new Map(invoices.map((invoice) => [invoice.bagId, invoice])), language);
  }

  /**
   * Generates the missing invoices of the orders' bags (each bag once, however many of the numbers
   * lead to it) and answers their status and URL. A bag whose invoice another request is generating
   * right now answers status generating; ask again with get.
   */
  async generate(ctx: RequestContext, orderNos: readonly string[], language: InvoiceLanguage): Promise<InvoiceEntry[]> {
    const bagsByOrderNo = await this.bagsOf(ctx, orderNos);
    const bags = new Map<number, BagRef>();
    for (const bag of [...bagsByOrderNo.values()].flat()) bags.set(bag.bagId, bag);
    const invoices = new Map<number, InvoiceRow>();
    // One bag after the other: bags are small, and a request of 50 orders stays within a few seconds.
    for (const bag of bags.values()) invoices.set(bag.bagId, await this.ensureGenerated(ctx, bag, language));
    return this.entries(bagsByOrderNo, invoices, language);
  }

  /**
   * The bags of each requested number that is an order (O…) or order item (PI…) of the calling
   * partner; numbers of nobody or of other partners are absent from the map.
   */
  private async bagsOf(ctx: RequestContext, orderNos: readonly string[]): Promise<Map<string, BagRef[]>> {
    const tenantId = tenantIdOf(ctx);
    const requested = [...new Set(orderNos)];
    if (requested.length === 0) return new Map();
    const items = await this.db.purchaseOrderItem.findMany({
      where: {
        tenantId,
        order: { tenantId, partnerClientId: partnerClientIdOf(ctx) },
        OR: [{ orderItemNo: { in: requested } }, { order: { orderNo: { in: requested } } }],
      },
      select: { orderItemNo: true, bagId: true, bag: { select: { bagNo: true } }, order: { select: { orderNo: true } } },
      orderBy: { id: 'asc' },
    });
    const result = new Map<string, BagRef[]>();
    for (const orderNo of requested) {
      const matching = items.filter((item) => item.orderItemNo === orderNo || item.order.orderNo === orderNo);
      if (matching.length === 0) continue;
      const bags = new Map<number, BagRef>();
      for (const item of matching) if (item.bagId !== null && item.bag) bags.set(item.bagId, { bagId: item.bagId, bagNo: item.bag.bagNo });
      result.set(orderNo, [...bags.values()].sort((a, b) => a.bagId - b.bagId));
    }
    return result;
  }

  private entries(bagsByOrderNo: Map<string, BagRef[]>, invoices: Map<number, InvoiceRow>, language: InvoiceLanguage): InvoiceEntry[] {
    const entries: InvoiceEntry[] = [];
    for (const [orderNo, bags] of bagsByOrderNo) {
      if (bags.length === 0) entries.push({ orderNo, bagNo: null, language, status: null, url: null });
      for (const bag of bags) {
        const invoice = invoices.get(bag.bagId);
        const generated = invoice?.status === InvoiceStatus.GENERATED && invoice.fileKey !== null;
        entries.push({
          orderNo,
          bagNo: bag.bagNo,
          language,
          status: invoice ? (invoice.status as InvoiceStatusValue) : null,
          url: generated ? this.files.urlOf(invoice.fileKey as string) : null,
        });
      }
    }
    return entries;
  }

  /** The invoice of the bag and language, generated by this call if nobody has (or is doing it). */
  private async ensureGenerated(ctx: RequestContext, bag: BagRef, language: InvoiceLanguage): Promise<InvoiceRow> {
    const claim = await this.claim(ctx, bag, language);
    return claim.owned ? this.produce(ctx, bag, language, claim.invoice) : claim.invoice;
  }

  /**
   * Makes this request the generator of the invoice when nobody generated it: by creating the row
   * (the unique (bagId, language) lets one of concurrent requests win), or by moving a failed or
   * abandoned row back to generating with a conditional update. `updatedAt` is the claim's fencing
   * token: only the holder of the latest claim may finish the row.
   */
  private async claim(ctx: RequestContext, bag: BagRef, language: InvoiceLanguage): Promise<{ invoice: InvoiceRow; owned: boolean }> {
    const tenantId = tenantIdOf(ctx);
    const where = { bagId_language: { bagId: bag.bagId, language } };
    const now = ctx.now();
    const existing = await this.db.invoice.findUnique({ where, select: INVOICE_ROW });
    if (!existing) {
      try {
        const created = await this.db.invoice.create({
          data: { tenantId, bagId: bag.bagId, language, status: InvoiceStatus.GENERATING, updatedAt: now },
          select: INVOICE_ROW,
        });
        return { invoice: created, owned: true };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        return { invoice: await this.db.invoice.findUniqueOrThrow({ where, select: INVOICE_ROW }), owned: false };
      }
    }
    const abandoned = existing.status === InvoiceStatus.GENERATING && now.getTime() - existing.updatedAt.getTime() >= GENERATION_LEASE_MS;
    if (existing.status !== InvoiceStatus.FAILED && !abandoned) return { invoice: existing, owned: false };
    const { count } = await this.db.invoice.updateMany({
      where: { id: existing.id, status: existing.status, updatedAt: existing.updatedAt },
      data: { status: InvoiceStatus.GENERATING, error: null, updatedAt: now },
    });
    if (count === 1) return { invoice: { ...existing, status: InvoiceStatus.GENERATING, updatedAt: now }, owned: true };
    return { invoice: await this.db.invoice.findUniqueOrThrow({ where, select: INVOICE_ROW }), owned: false };
  }

  /** Renders and stores the PDF of a claimed invoice; a failure leaves it failed, to be requested again. */
  private async produce(ctx: RequestContext, bag: BagRef, language: InvoiceLanguage, claimed: InvoiceRow): Promise<InvoiceRow> {
    const fence = { id: claimed.id, status: InvoiceStatus.GENERATING, updatedAt: claimed.updatedAt };
    try {
      const pdf = await this.render(await this.invoiceData(ctx, bag.bagId, claimed.updatedAt), language);
      // The file and the invoice's pointer to it commit together: no file without its invoice.
      return await this.db.$transaction(async (tx) => {
        const { key } = await this.files.put(ctx, { contentType: 'application/pdf', fileName: `invoice-${bag.bagNo}-${language}.pdf`, data: pdf }, tx);
        const now = ctx.now();
        const { count } = await tx.invoice.updateMany({
          where: fence,
          data: { status: InvoiceStatus.GENERATED, fileKey: key, generatedAt: now, error: null, updatedAt: now },
        });
        if (count !== 1) throw new LostClaim();
        await this.outbox.bagEvent(tx, WebhookEventType.INVOICE_GENERATED, bag.bagId, now, { language, url: this.files.urlOf(key) });
        return { ...claimed, status: InvoiceStatus.GENERATED, fileKey: key, updatedAt: now };
      });
    } catch (error) {
      if (!(error instanceof LostClaim)) {
        const message = error instanceof Error ? error.message : String(error);
        await this.db.invoice.updateMany({
          where: fence,
          data: { status: InvoiceStatus.FAILED, error: message.slice(0, ERROR_TEXT_MAX), updatedAt: ctx.now() },
        });
      }
      return this.db.invoice.findUniqueOrThrow({ where: { id: claimed.id }, select: INVOICE_ROW });
    }
  }

  /** What the invoice of a bag shows: the tenant as seller, the bag's address as consignee, its items. */
  private async invoiceData(ctx: RequestContext, bagId: number, issuedAt: Date): Promise<InvoiceData> {
    const tenantId = tenantIdOf(ctx);
    const bag = await this.db.bagOrder.findFirstOrThrow({
      where: { id: bagId, tenantId },
      include: { items: { where: { tenantId }, orderBy: { id: 'asc' } } },
    });
    const tenant = await this.db.tenant.findUniqueOrThrow({ where: { id: tenantId } });
    return {
      invoiceNo: `INV-${bag.bagNo}`,
      bagNo: bag.bagNo,
      issuedAt,
      seller: {
        name: tenant.name,
        lines: [tenant.contactName, tenant.website].filter((line): line is string => Boolean(line)),
        phone: tenant.contactMobile,
      },
      consignee: consigneeOf(bag.address),
      shippingLine: bag.shippingLine,
      weightGrams: bag.weightGrams,
      trackingNo: bag.trackingNo,
      freightAmount: bag.freightAmount,
      lines: bag.items.map((item) => ({
        orderItemNo: item.orderItemNo,
        description: item.title,
        specification: specificationOf(item.skuProps),
        qty: item.qty,
        unitValue: item.unitPrice,
        amount: item.amount,
      })),
    };
  }
}
