// Invoices: generate and read the commercial invoice PDFs of the bags holding a partner's orders
// (interface.md 4.2 and 8, open-api.md "Business operations").
import { INVOICE_LANGUAGES } from '../core/invoice/invoice-pdf';
import { z } from '../core/validation';
import { InvoiceStatus } from '../core/order/statuses';
import { envelopeOf, ok } from './envelope';
import { codeOut } from './params';
import { partnerContext, type PartnerRoutes } from './partner-routes';
import { registerRead } from './read-route';

const TAGS = ['Invoices'];

/** interface.md 8: 0..50 order numbers. */
export const MAX_INVOICE_ORDER_NOS = 50;

const orderNos = z
  .array(z.string().trim().min(1).max(64))
  .max(MAX_INVOICE_ORDER_NOS)
  .describe(
    `Up to ${MAX_INVOICE_ORDER_NOS} numbers from order creation: parent orders (O…) or order items (PI…) of this partner. Numbers that are not this partner's orders are left out of the answer.`,
  );

const language = z.enum(INVOICE_LANGUAGES).default('en').describe('Language of the invoice: en (default) or pt');

/** The body of generate, and the parameters of get. */
const generateBody = z.object({ orderNos, language });


const invoiceEntries = z.array(
  z.object({
    orderNo: z.string().describe('The number as sent'),
    bagNo: z.string().nullable().describe('The bag (parcel) the invoice is for; null while the order is in no bag'),
    language: z.enum(INVOICE_LANGUAGES),
    status: codeOut(Object.values(InvoiceStatus), 'Invoice status')
      .nullable()
      .describe('0 generating, 1 generated, 2 failed (generate again to retry); null: never requested, or the order is in no bag'),
    url: z.string().nullable().describe('Absolute URL of the PDF once generated; anyone holding it can read the file'),
  }),
);

const ENTRY_RULES =
  'One entry per bag holding items of each number (an order in several bags gets several); an order of this partner in no bag yet gets one entry with bagNo, status and url null.';

export const invoiceRoutes: PartnerRoutes = async (app, { core }) => {
  app.post(
    '/order/invoice/generate',
    {
      config: { scope: 'order:invoice:write' },
      schema: {
        summary: 'Generate the invoices of orders',
        description: `Generates the commercial invoice PDF of each bag once per language and answers its URL; asking again answers the same file. A failed generation (status 2) is retried by asking again; a bag another request is generating answers status 0 (read it later with get). ${ENTRY_RULES}`,
        tags: TAGS,
        body: generateBody,
        response: { 200: envelopeOf(invoiceEntries, []) },
      },
    },
    async (request) => ok(await core.invoices.generate(partnerContext(request, core), request.body.orderNos, request.body.language)),
  );

  registerRead(app, {
    url: '/order/invoice/get',
    scope: 'order:invoice:read',
    summary: 'Read the invoice status of orders',
    description: `Status and URL of the invoices of the orders' bags; the URL only of successfully generated files. Generates and retries nothing. ${ENTRY_RULES}`,
    tags: TAGS,
    params: generateBody,
    response: envelopeOf(invoiceEntries, []),
    handler: async (params, request) => ok(await core.invoices.get(partnerContext(request, core), params.orderNos, params.language)),
  });
};
