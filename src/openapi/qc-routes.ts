// QC records: by goods (page, latest, summary) and by the partner's own order (interface.md 4.2,
// open-api.md "Business operations").
import { pageWindow } from '../core/paging';
import { ITEM_SOURCES } from '../core/goods/sources';
import { QcResult } from '../core/order/statuses';
import { QC_GOODS_READ_ERRORS, QC_LATEST_COUNT } from '../core/qc/qc-service';
import { z } from '../core/validation';
import { envelopeOf, ok } from './envelope';
import { goodsIdParam, goodsSourceOut, goodsSourceParam } from './goods-routes';
import { partnerContext, type PartnerRoutes } from './partner-routes';
import { dateTimeOut, dateTimeRangeParam, pageOf, pageParams, codeOut } from './params';
import { registerRead } from './read-route';

const TAGS = ['QC'];

const skuIdParam = z.string().trim().min(1).max(64).describe('Exact SKU id');

const goodsQcPageParams = z.object({
  ...pageParams(),
  goodsId: goodsIdParam.optional(),
  source: goodsSourceParam(ITEM_SOURCES).optional(),
  skuId: skuIdParam.optional(),
  createTime: dateTimeRangeParam.optional().describe('[start, end) of the record creation'),
  completionTime: dateTimeRangeParam.optional().describe('[start, end) of the QC completion'),
});

const goodsQcKeyParams = z.object({
  goodsId: goodsIdParam,
  source: goodsSourceParam(ITEM_SOURCES),
  skuId: skuIdParam.optional(),
});

// interface.md: 0..64 characters; an empty number names no order, so it answers an empty list.
const orderQcParams = z.object({
  orderNo: z.string().trim().max(64).describe('An O… order number (all its items) or a PI… order item number (that item); empty answers an empty list'),
});

const goodsQcRecord = z.object({
  qcId: z.number().int(),
  goodsId: z.string(),
  source: goodsSourceOut,
  skuId: z.string(),
  result: codeOut(Object.values(QcResult), 'QC result (1 passed, 2 failed)'),
  remarks: z.string().nullable(),
  photos: z.array(z.string()).describe('Photo URLs in the order they were taken'),
  createTime: dateTimeOut,
  completionTime: dateTimeOut,
}).meta({ id: 'GoodsQcRecord' });

const orderQcRecord = goodsQcRecord
  .extend({
    orderNo: z.string().describe('The O… parent order number'),
    orderItemNo: z.string().describe('The PI… order item number'),
  })
  .meta({ id: 'OrderQcRecord' });

const goodsQcSummary = z.object({
  goodsId: z.string(),
  source: goodsSourceOut,
  skuId: z.string().nullable(),
  recordCount: z.number().int().describe('Completed QC records'),
  photoCount: z.number().int().describe('Photos of those records'),
  lastCompletionTime: dateTimeOut.nullable(),
}).meta({ id: 'GoodsQcSummary' });

export const qcRoutes: PartnerRoutes = async (app, { core }) => {
  registerRead(app, {
    url: '/goods/qc/page',
    scope: 'goods:qc:read',
    summary: 'Page of QC records of goods',
    description:
      'Completed QC records (photos of the goods as they arrived at the warehouse), newest completion first. Quality information of goods is shared by all partners; it carries no order numbers.',
    tags: TAGS,
    params: goodsQcPageParams,
    response: envelopeOf(pageOf(goodsQcRecord, 'GoodsQcRecordPage'), QC_GOODS_READ_ERRORS),
    handler: async ({ pageNo, pageSize, ...filter }, request) =>
      ok(await core.qc.goodsPage(partnerContext(request, core), filter, pageWindow({ pageNo, pageSize }))),
  });

  registerRead(app, {
    url: '/goods/qc/latest',
    scope: 'goods:qc:read',
    summary: 'Latest QC records of one goods',
    description: `The ${QC_LATEST_COUNT} most recently completed QC records of the goods (of the SKU when skuId is given), newest first.`,
    tags: TAGS,
    params: goodsQcKeyParams,
    response: envelopeOf(z.array(goodsQcRecord), QC_GOODS_READ_ERRORS),
    handler: async (params, request) => ok(await core.qc.latest(partnerContext(request, core), params)),
  });

  registerRead(app, {
    url: '/goods/qc/summary',
    scope: 'goods:qc:read',
    summary: 'QC summary of one goods',
    description: 'How many completed QC records and photos the goods (the SKU when skuId is given) has, and when the last one completed.',
    tags: TAGS,
    params: goodsQcKeyParams,
    response: envelopeOf(goodsQcSummary, QC_GOODS_READ_ERRORS),
    handler: async (params, request) => ok(await core.qc.summary(partnerContext(request, core), params)),
  });

  registerRead(app, {
    url: '/order/qc/list',
    scope: 'order:qc:read',
    summary: 'Completed QC records by order',
    description:
      'An O… order number answers the completed records of all its items, a PI… item number those of that item. Only orders of the calling partner: any other number, and an order without completed QC, answers an empty list.',
    tags: TAGS,
    params: orderQcParams,
    response: envelopeOf(z.array(orderQcRecord), []),
    handler: async (params, request) => ok(params.orderNo === '' ? [] : await core.qc.byOrder(partnerContext(request, core), params)),
  });
};
