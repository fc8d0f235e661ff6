// Purchase orders (quote, create, query) and the order-item and bag-order pages of a member
// (interface.md 4.2, open-api.md "Business operations").
import { ORDER_PAGE_ERRORS } from '../core/order/order-pages';
import { PURCHASE_ORDER_ERRORS } from '../core/order/purchase-order-service';
import { pageWindow } from '../core/paging';
import { z } from '../core/validation';
import { ORDER_SOURCES } from '../core/goods/sources';
import { MAX_INT32 } from '../core/int-bounds';
import { BagStatus, OrderItemStatus, PurchaseOrderStatus } from '../core/order/statuses';
import { envelopeOf, ok } from './envelope';
import { goodsSourceOut } from './goods-routes';
import { partnerContext, type PartnerRoutes } from './partner-routes';
import { codeOut, dateTimeOut, dateTimeRangeParam, externalUserIdParam, inRange, intCodeParam, int64IdParam, intParam, pageOf, pageParams, statusCode } from './params';
import { registerRead } from './read-route';
import { fieldIssue, fieldText } from '../core/validation-messages';

const TAGS = ['Orders'];

/** Lines of one quote or order; interface.md only says non-empty. */
export const MAX_ORDER_LINES = 50;

const textParam = (max: number) => z.string().trim().min(1).max(max);
const PURCHASE_ORDER_STATUSES = 'Purchase order status (0 unpaid, 10 paid, 20 closed)';
const ORDER_ITEM_STATUSES =
  'Order item status (0 unpaid, 10 paid, 20 purchased, 30 arrived, 40 QC done, 50 in storage, 60 packed, 70 shipped, 80 cancelled, 90 refunded)';
const BAG_STATUSES = 'Bag status (0 created, 10 weighed, 20 ready, 30 shipped, 40 delivered)';
const purchaseOrderStatus = codeOut(Object.values(PurchaseOrderStatus), PURCHASE_ORDER_STATUSES);
const orderItemStatus = codeOut(Object.values(OrderItemStatus), ORDER_ITEM_STATUSES);
const bagStatus = codeOut(Object.values(BagStatus), BAG_STATUSES);

/**
 * OpenOrderItemReqVO (interface.md 2.3), whose required fields and bounds are not stated; decided:
 * - platformChannel is the goods source code (1, 2, 3 or 5: every source search serves) and is
 *   required: a goodsId only names goods within one source;
 * - goodsId, skuId (strings of 1..64) and qty (integer 1..9999) are required; the SKU must be one of
 *   the goods' SKUs at the provider now;
 * - remarks is optional, at most 500 characters;
 * - any price a client sends is dropped here: prices come from live pricing only.
 */
const orderItemSchema = z.object({
  platformChannel: intCodeParam(ORDER_SOURCES, `Goods source code: ${ORDER_SOURCES.join(', ')}`),
  goodsId: textParam(64).refine((goodsId) => goodsId !== '0', fieldText('notZero')).describe('Goods id at the source'),
  skuId: textParam(64).describe('SKU id of the goods'),
  qty: intParam(1, 9999).describe('Quantity, 1..9999'),
  remarks: z.string().trim().max(500).optional().describe('Note for the purchaser, at most 500 characters'),
}).meta({ id: 'PurchaseLine' });

const orderItemsSchema = z.array(orderItemSchema).min(1).max(MAX_ORDER_LINES).describe(`Order lines, 1..${MAX_ORDER_LINES}`);

const toLines = (items: z.output<typeof orderItemsSchema>) =>
  items.map(({ platformChannel, goodsId, skuId, qty, remarks }) => ({ source: platformChannel, goodsId, skuId, qty, remarks }));

const quoteBody = z.object({ externalUserId: externalUserIdParam, items: orderItemsSchema });

const quoteData = z.object({
  items: z.array(
    z.object({
      goodsId: z.string(),
      skuId: z.string(),
      source: goodsSourceOut,
      title: z.string(),
      qty: z.number().int(),
      unitPrice: z.number().int().describe('Current SKU price, cents'),
      amount: z.number().int().describe('unitPrice x qty, cents'),
    }),
  ),
  goodsAmount: z.number().int(),
  freightAmount: z.number().int().describe('Domestic freight: a configured amount per distinct shop'),
  serviceFee: z.number().int().describe('Configured percent of goodsAmount, rounded half up'),
  payAmount: z.number().int(),
}).meta({ id: 'PurchaseQuote' });

const createBody = z.object({
  outOrderNo: textParam(64).describe('The partner\'s order number, unique per partner'),
  externalUserId: externalUserIdParam,
  items: orderItemsSchema,
  addressId: int64IdParam().optional().describe('A shipping address of the member; omitted = the default address'),
  orderComment: z.string().trim().max(500).optional(),
  expectedPayAmount: intParam(0, MAX_INT32).optional().describe('The payAmount the partner expects (cents); checked against the live price'),
});

const createData = z.object({
  orderNo: z.string(),
  outOrderNo: z.string(),
  paymentId: z.string().describe('Pay it with wallet pay'),
  payAmount: z.number().int(),
  status: purchaseOrderStatus,
  goodsAmount: z.number().int(),
  freightAmount: z.number().int(),
  serviceFee: z.number().int(),
}).meta({ id: 'CreatedPurchaseOrder' });

const getParams = z
  .object({ orderNo: textParam(64).optional(), outOrderNo: textParam(64).optional() })
  .refine((query) => (query.orderNo === undefined) !== (query.outOrderNo === undefined), {
    path: ['orderNo'],
    ...fieldIssue('exactlyOneOrderKey'),
  });

const orderData = z.object({
  orderNo: z.string(),
  outOrderNo: z.string(),
  externalUserId: z.string(),
  memberId: z.number().int().describe('The platform member who ordered (as memberId of the order-item and bag pages)'),
  status: purchaseOrderStatus,
  paymentId: z.string(),
  goodsAmount: z.number().int(),
  freightAmount: z.number().int(),
  serviceFee: z.number().int(),
  payAmount: z.number().int(),
  paid: z.boolean(),
  paidTime: dateTimeOut.nullable(),
  orderComment: z.string().nullable(),
  items: z.array(
    z.object({
      orderItemNo: z.string(),
      source: goodsSourceOut,
      goodsId: z.string(),
      skuId: z.string(),
      title: z.string(),
      qty: z.number().int(),
      unitPrice: z.number().int(),
      amount: z.number().int(),
      status: orderItemStatus,
    }),
  ),
  createTime: dateTimeOut,
}).meta({ id: 'PurchaseOrder' });

/**
 * Parameters every page of a member's rows has, around the page's own filters: the page, the member
 * (memberId / unionId as interface.md 4.2 has them, and the externalUserId every other partner
 * operation names the user by: at least one), the row status and the creation range.
 */
function memberPageFields<Own extends z.ZodRawShape>(status: z.ZodType<number>, own: Own) {
  return {
    ...pageParams(),
    memberId: int64IdParam().optional().describe('Platform member id (int64), as query purchase order and wallet balance answer it'),
    unionId: textParam(64).optional().describe('Member unionId'),
    externalUserId: externalUserIdParam.optional().describe('The partner-side user id, resolved through the calling partner\'s bindings'),
    status: status.optional(),
    ...own,
    createTime: dateTimeRangeParam.optional().describe('[start, end)'),
  };
}
type MemberIdentifiers = { memberId?: number; unionId?: string; externalUserId?: string };
const atLeastOneMember = {
  check: (query: MemberIdentifiers) => query.memberId !== undefined || query.unionId !== undefined || query.externalUserId !== undefined,
  issue: { path: ['memberId'], ...fieldIssue('memberIdentifierRequired') },
};

/** The service query of the parameters every member page has. */
function memberPageQuery(query: MemberIdentifiers & { pageNo: number; pageSize: number; status?: number; createTime?: { start: Date; end: Date } }) {
  const { memberId, unionId, externalUserId, status } = query;
  return { window: pageWindow(query), memberId, unionId, externalUserId, status, createdAt: inRange(query.createTime) };
}

const itemPageParams = z
  .object(memberPageFields(statusCode(OrderItemStatus, ORDER_ITEM_STATUSES), { orderNo: textParam(64).optional(), orderItemNo: textParam(64).optional() }))
  .refine(atLeastOneMember.check, atLeastOneMember.issue);

const orderItemRow = z.object({
  orderItemNo: z.string(),
  orderNo: z.string(),
  source: goodsSourceOut,
  goodsId: z.string(),
  skuId: z.string(),
  title: z.string(),
  skuProps: z.record(z.string(), z.unknown()),
  image: z.string().nullable(),
  qty: z.number().int(),
  unitPrice: z.number().int(),
  amount: z.number().int(),
  remarks: z.string().nullable(),
  status: orderItemStatus,
  bagNo: z.string().nullable(),
  createTime: dateTimeOut,
}).meta({ id: 'OrderItem' });

const bagPageParams = z
  .object(memberPageFields(statusCode(BagStatus, BAG_STATUSES), { bagOrderNo: textParam(64).optional().describe('Bag number (B...)') }))
  .refine(atLeastOneMember.check, atLeastOneMember.issue);

const bagRow = z.object({
  bagNo: z.string(),
  status: bagStatus,
  weightGrams: z.number().int().nullable(),
  shippingLine: z.string().nullable(),
  freightAmount: z.number().int().nullable().describe('Estimated international freight, cents'),
  trackingNo: z.string().nullable(),
  itemCount: z.number().int(),
  orderItemNos: z.array(z.string()),
  createTime: dateTimeOut,
  shippedAt: dateTimeOut.nullable(),
  deliveredAt: dateTimeOut.nullable(),
}).meta({ id: 'BagOrder' });

const MEMBER_PAGE_NOTE =
  'The member is named by at least one of memberId, unionId and externalUserId; when several are given they must name the same member. ' +
  'An externalUserId not bound to the calling partner is refused with the business code MEMBER_NOT_BOUND (1030001000), a memberId or unionId ' +
  'that names no member bound to the calling partner with MEMBER_NOT_BOUND_TO_PARTNER (1030001007), identifiers naming different members with ' +
  'MEMBER_IDENTIFIERS_DIFFER (1030001008): never with an empty page.';

export const orderRoutes: PartnerRoutes = async (app, { core }) => {
  app.post(
    '/order/purchase/quote',
    {
      config: { scope: 'order:purchase:write' },
      schema: {
        summary: 'Quote purchase lines at live prices',
        description: 'Prices come from the goods provider now; prices sent by the client are ignored. Creates nothing.',
        tags: TAGS,
        body: quoteBody,
        response: { 200: envelopeOf(quoteData, PURCHASE_ORDER_ERRORS.quote) },
      },
    },
    async (request) => {
      const { externalUserId, items } = request.body;
      const quote = await core.purchaseOrders.quote(partnerContext(request, core), { externalUserId, items: toLines(items) });
      return ok(quote);
    },
  );

  app.post(
    '/order/purchase/create',
    {
      config: { scope: 'order:purchase:write' },
      schema: {
        summary: 'Create a purchase order',
        description:
          'Idempotent on outOrderNo per partner: the same body again answers the first order; another body with a used outOrderNo is refused. When expectedPayAmount deviates from the live payAmount by more than the configured percentage, nothing is created.',
        tags: TAGS,
        body: createBody,
        response: { 200: envelopeOf(createData, PURCHASE_ORDER_ERRORS.create) },
      },
    },
    async (request) => {
      const { items, ...order } = request.body;
      return ok(await core.purchaseOrders.create(partnerContext(request, core), { ...order, items: toLines(items) }));
    },
  );

  registerRead(app, {
    url: '/order/purchase/get',
    scope: 'order:purchase:read',
    summary: 'Query a purchase order',
    description: 'By orderNo or by outOrderNo (exactly one). Only orders created by the calling partner are found.',
    tags: TAGS,
    params: getParams,
    response: envelopeOf(orderData, PURCHASE_ORDER_ERRORS.get),
    handler: async (query, request) => {
      const reference = query.orderNo !== undefined ? { orderNo: query.orderNo } : { outOrderNo: query.outOrderNo as string };
      return ok(await core.purchaseOrders.get(partnerContext(request, core), reference));
    },
  });

  registerRead(app, {
    url: '/order/item/page',
    scope: 'order:item:read',
    summary: 'Page of order items of a member',
    description: MEMBER_PAGE_NOTE,
    tags: TAGS,
    params: itemPageParams,
    response: envelopeOf(pageOf(orderItemRow, 'OrderItemPage'), ORDER_PAGE_ERRORS),
    handler: async (query, request) =>
      ok(await core.orderPages.orderItems(partnerContext(request, core), { ...memberPageQuery(query), orderNo: query.orderNo, orderItemNo: query.orderItemNo })),
  });

  registerRead(app, {
    url: '/order/bag/page',
    scope: 'order:bag:read',
    summary: 'Page of bag orders of a member',
    description: MEMBER_PAGE_NOTE,
    tags: TAGS,
    params: bagPageParams,
    response: envelopeOf(pageOf(bagRow, 'BagOrderPage'), ORDER_PAGE_ERRORS),
    handler: async (query, request) => ok(await core.orderPages.bags(partnerContext(request, core), { ...memberPageQuery(query), bagNo: query.bagOrderNo })),
  });
};
