// Members (platform consumers) for staff and internal tools: create (with the member's wallet),
// read, search, partner bindings, shipping addresses and the repayment authorization. Inputs are
// validated here with the exported schemas, so every face (GraphQL, tRPC, scripts) gets the same rules.
import { randomUUID } from 'node:crypto';
import { type InvalidationBus, LocalInvalidationBus } from '../cache/invalidation-bus';
import type { Db, DbTransaction, Prisma } from '../db/client';
import { type PartnerReads, PrismaPartnerReads } from '../db/partner-reads';
import { recordIdSchema } from '../admin/save-shape';
import { isUniqueViolation } from '../db/unique-violation';
import { ErrorCatalogue } from '../errors/catalogue';
import { ServiceError } from '../errors/service-error';
import { isCountryAlpha2 } from '../geo/countries';
import { pageInputSchema } from '../paging';
import { type RequestContext, tenantIdOf } from '../request-context';
import { z } from '../validation';
import { fieldText } from '../validation-messages';

const unionIdSchema = z.string().trim().min(1).max(64);
/** interface.md 4.2: a partner-side user id of at most 64 characters. */
const externalUserIdSchema = z.string().trim().min(1).max(64);
const partnerClientIdSchema = z.string().trim().min(1).max(64);

export const memberCreateSchema = z.object({
  /** Generated (a UUID) when omitted. */
  unionId: unionIdSchema.optional(),
  nickname: z.string().trim().min(1).max(64),
  email: z.email().max(100).optional(),
  mobile: z.string().trim().min(1).max(32).optional(),
  repaymentAuthorized: z.boolean().optional(),
});
export type MemberCreateInput = z.input<typeof memberCreateSchema>;

export const memberSearchSchema = z.object({
  /** Exact. */
  unionId: unionIdSchema.optional(),
  /** Substring (case-insensitive for ASCII on SQLite, case-sensitive on PostgreSQL). */
  nickname: z.string().trim().min(1).max(64).optional(),
  /** Substring. */
  mobile: z.string().trim().min(1).max(32).optional(),
  ...pageInputSchema.shape,
});
export type MemberSearchInput = z.input<typeof memberSearchSchema>;

export const bindingCreateSchema = z.object({
  memberId: recordIdSchema,
  partnerClientId: partnerClientIdSchema,
  externalUserId: externalUserIdSchema,
});
export type BindingCreateInput = z.input<typeof bindingCreateSchema>;

export const bindingKeySchema = z.object({
  partnerClientId: partnerClientIdSchema,
  externalUserId: externalUserIdSchema,
});
export type BindingKeyInput = z.input<typeof bindingKeySchema>;

export const addressCreateSchema = z.object({
  memberId: recordIdSchema,
  receiverName: z.string().trim().min(1).max(64),
  phone: z.string().trim().min(1).max(32),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isCountryAlpha2, fieldText('countryAlpha2')),
  province: z.string().trim().min(1).max(64).optional(),
  city: z.string().trim().min(1).max(64),
  addressLine: z.string().trim().min(1).max(255),
  postCode: z.string().trim().min(1).max(16).optional(),
  /** The member's first address is the default whatever this says. */
  isDefault: z.boolean().optional(),
});
export type AddressCreateInput = z.input<typeof addressCreateSchema>;

export const addressDefaultSchema = z.object({ memberId: recordIdSchema, addressId: recordIdSchema });
export type AddressDefaultInput = z.input<typeof addressDefaultSchema>;

export const repaymentAuthorizationSchema = z.object({ memberId: recordIdSchema, authorized: z.boolean() });
export type RepaymentAuthorizationInput = z.input<typeof repaymentAuthorizationSchema>;

export interface MemberView {
  id: number;
  tenantId: number;
  unionId: string;
  nickname: string;
  email: string | null;
  mobile: string | null;
  status: number;
  repaymentAuthorized: boolean;
  /** Wallet balance, cents. */
  balance: number;
  createdAt: Date;
}

export interface BindingView {
  id: number;
  tenantId: number;
  partnerClientId: string;
  externalUserId: string;
  memberId: number;
  createdAt: Date;
}

export interface AddressView {
  id: number;
  memberId: number;
  receiverName: string;
  phone: string;
  country: string;
  province: string | null;
  city: string;
  addressLine: string;
  postCode: string | null;
  isDefault: boolean;
  createdAt: Date;
}

/** What staff see of a member at once (tRPC member.get): the member, its bindings, its addresses and its balance. */
export interface MemberDetail {
  member: MemberView;
  bindings: BindingView[];
  addresses: AddressView[];
  /** Wallet balance, cents. */
  balance: number;
}

type MemberRecord = Omit<Prisma.MemberGetPayload<{ include: { wallet: true } }>, 'updatedAt' | 'wallet'> & { wallet: { balance: number } | null };

function memberView(member: MemberRecord): MemberView {
  return {
    id: member.id,
    tenantId: member.tenantId,
    unionId: member.unionId,
    nickname: member.nickname,
    email: member.email,
    mobile: member.mobile,
    status: member.status,
    repaymentAuthorized: member.repaymentAuthorized,
    balance: member.wallet?.balance ?? 0,
    createdAt: member.createdAt,
  };
}

function bindingView(binding: BindingView): BindingView {
  const { id, tenantId, partnerClientId, externalUserId, memberId, createdAt } = binding;
  return { id, tenantId, partnerClientId, externalUserId, memberId, createdAt };
}

function addressView(address: AddressView): AddressView {
  const { id, memberId, receiverName, phone, country, province, city, addressLine, postCode, isDefault, createdAt } = address;
  return { id, memberId, receiverName, phone, country, province, city, addressLine, postCode, isDefault, createdAt };
}

export class MemberService {
  constructor(
    private readonly db: Db,
    /** Carries binding changes to PartnerBindings in every process; the seed, which runs before any cache exists, needs none. */
    private readonly bus: InvalidationBus = new LocalInvalidationBus(),
    /** The member view's reads (prepared statements on the driver where the database allows). */
    private readonly reads: PartnerReads = new PrismaPartnerReads(db),
  ) {}

  async create(ctx: RequestContext, raw: MemberCreateInput): Promise<MemberView> {
    const input = memberCreateSchema.parse(raw);
    const tenantId = tenantIdOf(ctx);
    const unionId = input.unionId ?? randomUUID();
    const now = ctx.now();
    try {
      const member = await this.db.$transaction((tx) =>
        tx.member.create({
          data: {
            tenantId,
            unionId,
            nickname: input.nickname,
            email: input.email ?? null,
            mobile: input.mobile ?? null,
            repaymentAuthorized: input.repaymentAuthorized ?? false,
            createdAt: now,
            // Every member has a wallet from the start; its balance is the sum of an empty ledger.
            wallet: { create: { balance: 0, createdAt: now } },
          },
          include: { wallet: true },
        }),
      );
      return memberView(member);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ServiceError(ErrorCatalogue.MEMBER_UNION_ID_EXISTS, { unionId });
      throw error;
    }
  }

  async get(ctx: RequestContext, memberId: number): Promise<MemberView> {
    const id = recordIdSchema.parse(memberId);
    const member = await this.db.member.findFirst({ where: { id, tenantId: tenantIdOf(ctx) }, include: { wallet: true } });
    if (!member) throw new ServiceError(ErrorCatalogue.MEMBER_NOT_FOUND, { memberId: id });
    return memberView(member);
  }

  /** The member with its bindings, addresses and balance; MEMBER_NOT_FOUND first, then WALLET_NOT_FOUND. */
  async detail(ctx: RequestContext, memberId: number): Promise<MemberDetail> {
    const id = recordIdSchema.parse(memberId);
    const member = await this.reads.memberDetail({ tenantId: tenantIdOf(ctx), memberId: id });
    if (!member) throw new ServiceError(ErrorCatalogue.MEMBER_NOT_FOUND, { memberId: id });
    if (!member.wallet) throw new ServiceError(ErrorCatalogue.WALLET_NOT_FOUND, { memberId: id });
    return { member: memberView(member), bindings: member.bindings.map(bindingView), addresses: member.addresses.map(addressView), balance: member.wallet.balance };
  }

  async search(ctx: RequestContext, raw: MemberSearchInput): Promise<{ list: MemberView[]; total: number }> {
    const input = memberSearchSchema.parse(raw);
    const where = {
      tenantId: tenantIdOf(ctx),
      ...(input.unionId !== undefined && { unionId: input.unionId }),
      ...(input.nickname !== undefined && { nickname: { contains: input.nickname } }),
      ...(input.mobile !== undefined && { mobile: { contains: input.mobile } }),
    };
    const [list, total] = await Promise.all([
      this.db.member.findMany({
        where,
        include: { wallet: true },
        orderBy: { id: 'desc' },
        skip: (input.pageNo - 1) * input.pageSize,
        take: input.pageSize,
      }),
      this.db.member.count({ where }),
    ]);
    return { list: list.map(memberView), total };
  }

  /**
   * Binds (partner, externalUserId) to a member of the caller's tenant, for a partner client serving
   * that tenant: another tenant's client answers exactly as a client that does not exist, so its
   * externalUserIds can neither be squatted nor probed. Binding the same pair to the same member
   * again answers the existing binding; a pair bound to another member is refused: unbind it first.
   */
  async bind(ctx: RequestContext, raw: BindingCreateInput): Promise<BindingView> {
    const input = bindingCreateSchema.parse(raw);
    const tenantId = tenantIdOf(ctx);
    await this.requireMember(this.db, tenantId, input.memberId);
    const partnerNotFound = () => new ServiceError(ErrorCatalogue.MEMBER_PARTNER_NOT_FOUND, { partnerClientId: input.partnerClientId });
    if (!(await this.db.oAuth2Client.findFirst({ where: { clientId: input.partnerClientId, tenantId }, select: { id: true } }))) throw partnerNotFound();
    const key = { partnerClientId: input.partnerClientId, externalUserId: input.externalUserId };
    const existingOrTaken = async (): Promise<BindingView | undefined> => {
      const existing = await this.db.partnerBinding.findUnique({ where: { partnerClientId_externalUserId: key } });
      if (!existing) return undefined;
      // Made before clients had a tenant: a binding of another tenant tells nothing either.
      if (existing.tenantId !== tenantId) throw partnerNotFound();
      if (existing.memberId === input.memberId) return bindingView(existing);
      throw new ServiceError(ErrorCatalogue.MEMBER_BINDING_TAKEN, key);
    };
    const existing = await existingOrTaken();
    if (existing) return existing;
    try {
      const binding = await this.db.$transaction((tx) =>
        tx.partnerBinding.create({ data: { tenantId, memberId: input.memberId, ...key, createdAt: ctx.now() } }),
      );
      await this.bus.publish({ kind: 'binding-changed', ...key });
      return bindingView(binding);
    } catch (error) {
      // A concurrent bind of the same pair won the unique key.
      if (isUniqueViolation(error)) {
        const raced = await existingOrTaken();
        if (raced) return raced;
      }
      throw error;
    }
  }

  /** Removes a binding of the caller's tenant; answers the removed binding. */
  async unbind(ctx: RequestContext, raw: BindingKeyInput): Promise<BindingView> {
    const input = bindingKeySchema.parse(raw);
    const where = { tenantId: tenantIdOf(ctx), partnerClientId: input.partnerClientId, externalUserId: input.externalUserId };
    const removed = await this.db.$transaction(async (tx) => {
      const binding = await tx.partnerBinding.findFirst({ where });
      if (!binding) return undefined;
      await tx.partnerBinding.deleteMany({ where: { id: binding.id, ...where } });
      return binding;
    });
    if (!removed) throw new ServiceError(ErrorCatalogue.MEMBER_BINDING_NOT_FOUND, input);
    // After the commit: a process that reloads on hearing this must not find the binding still there.
    await this.bus.publish({ kind: 'binding-changed', partnerClientId: removed.partnerClientId, externalUserId: removed.externalUserId });
    return bindingView(removed);
  }

  /** Adds a shipping address; the member's first address, or one sent with isDefault, becomes the only default. */
  async addAddress(ctx: RequestContext, raw: AddressCreateInput): Promise<AddressView> {
    const { memberId, isDefault, ...fields } = addressCreateSchema.parse(raw);
    const tenantId = tenantIdOf(ctx);
    const now = ctx.now();
    const address = await this.db.$transaction(async (tx) => {
      await this.lockMember(tx, tenantId, memberId, now);
      const makeDefault = isDefault === true || (await tx.memberAddress.count({ where: { memberId } })) === 0;
      if (makeDefault) await tx.memberAddress.updateMany({ where: { memberId, isDefault: true }, data: { isDefault: false } });
      return tx.memberAddress.create({
        data: { memberId, ...fields, province: fields.province ?? null, postCode: fields.postCode ?? null, isDefault: makeDefault, createdAt: now },
      });
    });
    return addressView(address);
  }

  /** The member's addresses, the default first. */
  async addresses(ctx: RequestContext, memberId: number): Promise<AddressView[]> {
    const id = recordIdSchema.parse(memberId);
    const tenantId = tenantIdOf(ctx);
    const addresses = await this.db.memberAddress.findMany({
      where: { memberId: id, member: { tenantId } },
      orderBy: [{ isDefault: 'desc' }, { id: 'asc' }],
    });
    if (addresses.length === 0) await this.requireMember(this.db, tenantId, id);
    return addresses.map(addressView);
  }

  async setDefaultAddress(ctx: RequestContext, raw: AddressDefaultInput): Promise<AddressView> {
    const { memberId, addressId } = addressDefaultSchema.parse(raw);
    const tenantId = tenantIdOf(ctx);
    const now = ctx.now();
    const address = await this.db.$transaction(async (tx) => {
      await this.lockMember(tx, tenantId, memberId, now);
      const target = await tx.memberAddress.findFirst({ where: { id: addressId, memberId } });
      if (!target) throw new ServiceError(ErrorCatalogue.MEMBER_ADDRESS_NOT_FOUND, { addressId, memberId });
      await tx.memberAddress.updateMany({ where: { memberId, isDefault: true, id: { not: addressId } }, data: { isDefault: false } });
      return tx.memberAddress.update({ where: { id: addressId }, data: { isDefault: true } });
    });
    return addressView(address);
  }

  async setRepaymentAuthorization(ctx: RequestContext, raw: RepaymentAuthorizationInput): Promise<MemberView> {
    const { memberId, authorized } = repaymentAuthorizationSchema.parse(raw);
    const tenantId = tenantIdOf(ctx);
    const member = await this.db.$transaction(async (tx) => {
      const { count } = await tx.member.updateMany({ where: { id: memberId, tenantId }, data: { repaymentAuthorized: authorized } });
      if (count === 0) throw new ServiceError(ErrorCatalogue.MEMBER_NOT_FOUND, { memberId });
      return tx.member.findUniqueOrThrow({ where: { id: memberId }, include: { wallet: true } });
    });
    return memberView(member);
  }

  private async requireMember(db: Db | DbTransaction, tenantId: number, memberId: number): Promise<void> {
    if (!(await db.member.findFirst({ where: { id: memberId, tenantId }, select: { id: true } }))) {
      throw new ServiceError(ErrorCatalogue.MEMBER_NOT_FOUND, { memberId });
    }
  }

  /**
   * Address changes of one member run one at a time: writing the member row first holds its lock
   * (PostgreSQL) until commit, so two "set default" calls cannot leave two defaults.
   */
  private async lockMember(tx: DbTransaction, tenantId: number, memberId: number, now: Date): Promise<void> {
    const { count } = await tx.member.updateMany({ where: { id: memberId, tenantId }, data: { updatedAt: now } });
    if (count === 0) throw new ServiceError(ErrorCatalogue.MEMBER_NOT_FOUND, { memberId });
  }
}
