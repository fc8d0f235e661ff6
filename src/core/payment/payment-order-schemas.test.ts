import { describe, expect, it } from 'vitest';
import { logisticsSubmitSchema, paymentOrderCreateSchema, shippingInfoSchema } from './payment-order-schemas';

const issuesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('payment order create input', () => {
  it.each([
    [0.01, 1],
    [12.5, 1250],
    [19.99, 1999],
    [1000000, 100_000_000],
    [10000000, 1_000_000_000],
  ])('takes payAmount %s as %s cents', (payAmount, cents) => {
    expect(paymentOrderCreateSchema.parse({ outOrderNo: 'A1', payAmount }).payAmount).toBe(cents);
  });

  it.each([0, 0.001, -1, 0.1 + 0.2, Number.NaN, 10000000.01, 1e300])('refuses payAmount %s', (payAmount) => {
    const result = paymentOrderCreateSchema.safeParse({ outOrderNo: 'A1', payAmount });
    expect(issuesOf(result)[0]).toMatch(/^payAmount: /);
  });

  it('treats empty optional texts as not given and trims the rest', () => {
    expect(paymentOrderCreateSchema.parse({ outOrderNo: ' A1 ', payAmount: 1, subject: '', description: ' Shoes ' })).toEqual({
      outOrderNo: 'A1',
      payAmount: 100,
      subject: undefined,
      description: 'Shoes',
    });
  });
});

describe('shipping info', () => {
  it('upper-cases country codes and keeps the rest', () => {
    expect(
      shippingInfoSchema.parse({ country: 'br', callingCodeCountry: 'BR', callingCode: '+55', email: 'ana@example.com', phone: '+55 11 91234-5678', zipcode: '' }),
    ).toMatchObject({ country: 'BR', callingCodeCountry: 'BR', callingCode: '+55', email: 'ana@example.com', zipcode: undefined });
  });

  it.each([
    [{ country: 'XX' }, 'country: must be an ISO 3166-1 alpha-2 country code'],
    [{ country: 'BRA' }, 'country: must be an ISO 3166-1 alpha-2 country code'],
    [{ callingCodeCountry: 'ZZ' }, 'callingCodeCountry: must be an ISO 3166-1 alpha-2 country code'],
    [{ callingCode: '999' }, 'callingCode: must be a country calling code'],
    [{ callingCodeCountry: 'BR', callingCode: '86' }, 'callingCode: is not the calling code of BR (+55)'],
    [{ email: 'not-an-email' }, 'email: '],
    [{ phone: 'call me' }, 'phone: '],
    [{ firstName: 'x'.repeat(65) }, 'firstName: '],
    [{ city: 42 }, 'city: '],
  ])('refuses %j', (input, message) => {
    expect(issuesOf(shippingInfoSchema.safeParse(input))[0]).toContain(message);
  });
});

describe('logistics submit input', () => {
  const parcel = { logisticsProvider: 'DHL', logisticsProviderCode: 'dhl', logisticsCode: 'JD0001' };

  it('needs at least one parcel and every field of each', () => {
    expect(issuesOf(logisticsSubmitSchema.safeParse({ paymentOrderId: 'CH1', logisticsList: [] }))[0]).toMatch(/^logisticsList: /);
    expect(issuesOf(logisticsSubmitSchema.safeParse({ paymentOrderId: 'CH1', logisticsList: [{ ...parcel, logisticsCode: ' ' }] }))[0]).toMatch(
      /^logisticsList\.0\.logisticsCode: /,
    );
    expect(logisticsSubmitSchema.parse({ paymentOrderId: 'CH1', logisticsList: [parcel] }).logisticsList).toEqual([parcel]);
  });
});
