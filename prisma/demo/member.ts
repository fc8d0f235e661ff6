// A demo member for trying the partner API: unionId demo-union-1, bound to the demo partner as
// externalUserId demo-user-1, with 10,000.00 CNY in the wallet (one ledger credit) and a default
// shipping address. Written through the member and wallet services, so the seed follows the same
// rules as staff do. Safe to run again: what exists is kept, and the credit's bizRef is applied once.
import { LocalInvalidationBus } from '../../src/core/cache/invalidation-bus';
import { systemClock } from '../../src/core/clock';
import type { Database } from '../../src/core/db/client';
import { MemberService } from '../../src/core/member/member-service';
import { RequestContext } from '../../src/core/request-context';
import { WalletService } from '../../src/core/wallet/wallet-service';
import { WebhookOutbox } from '../../src/core/webhook/webhook-outbox';

export const DEMO_MEMBER = {
  unionId: 'demo-union-1',
  externalUserId: 'demo-user-1',
  /** Cents. */
  balance: 1_000_000,
  creditBizRef: 'seed:demo-credit',
} as const;

export async function seedDemoMember({ db, target }: Pick<Database, 'db' | 'target'>, options: { tenantId: number; partnerClientId: string }): Promise<void> {
  const ctx = new RequestContext('seed', options.tenantId, { kind: 'anonymous' }, '127.0.0.1', systemClock);
  const members = new MemberService(db);
  const existing = await db.member.findUnique({ where: { unionId: DEMO_MEMBER.unionId }, select: { id: true } });
  const memberId =
    existing?.id ??
    (await members.create(ctx, { unionId: DEMO_MEMBER.unionId, nickname: 'Demo member', email: 'demo.member@example.com', mobile: '+55 11 91234-5678' })).id;
  await members.bind(ctx, { memberId, partnerClientId: options.partnerClientId, externalUserId: DEMO_MEMBER.externalUserId });
  await new WalletService(db, new WebhookOutbox(new LocalInvalidationBus(), target.provider)).credit(ctx, { memberId, amount: DEMO_MEMBER.balance, kind: 'credit', bizRef: DEMO_MEMBER.creditBizRef, remark: 'Demo balance' });
  if ((await members.addresses(ctx, memberId)).length === 0) {
    await members.addAddress(ctx, {
      memberId,
      receiverName: 'Ana Souza',
      phone: '+55 11 91234-5678',
      country: 'BR',
      province: 'SP',
      city: 'São Paulo',
      addressLine: 'Rua Augusta 1000, apto 12',
      postCode: '01304-001',
      isDefault: true,
    });
  }
}
