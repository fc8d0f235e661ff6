// The copy of a member's address that a purchase order or a bag keeps, so that later edits of the
// address book never change where goods already ordered or packed are meant to go.
import { Prisma } from '../db/client';
import type { RawSql } from '../db/raw-sql';
import { isStoredId } from './query-guards';

/** A type, not an interface: it is written to a Json column, which wants an index signature. */
export type AddressSnapshot = {
  addressId: number;
  receiverName: string;
  phone: string;
  country: string;
  province: string | null;
  city: string;
  addressLine: string;
  postCode: string | null;
};

/**
 * Snapshot of the member's address `addressId`, or of the default address when none is named; null
 * when the member (of `tenantId`) has no such address. Each caller says what that means to its client.
 * One statement on the driver (db/raw-sql.ts), the member's tenant checked in its join.
 */
export async function memberAddressSnapshot(
  sql: Pick<RawSql, 'query'>,
  owner: { tenantId: number; memberId: number },
  addressId: number | undefined,
): Promise<AddressSnapshot | null> {
  if (addressId !== undefined && !isStoredId(addressId)) return null;
  const [row] = await sql.query(Prisma.sql`
    SELECT a."id", a."receiverName", a."phone", a."country", a."province", a."city", a."addressLine", a."postCode"
    FROM "MemberAddress" a JOIN "Member" m ON m."id" = a."memberId" AND m."tenantId" = ${owner.tenantId}
    WHERE a."memberId" = ${owner.memberId} AND ${addressId !== undefined ? Prisma.sql`a."id" = ${addressId}` : Prisma.sql`a."isDefault"`}
    ORDER BY a."id" LIMIT 1`);
  if (!row) return null;
  const textOrNull = (value: unknown) => (value === null ? null : String(value));
  return {
    addressId: Number(row.id),
    receiverName: String(row.receiverName),
    phone: String(row.phone),
    country: String(row.country),
    province: textOrNull(row.province),
    city: String(row.city),
    addressLine: String(row.addressLine),
    postCode: textOrNull(row.postCode),
  };
}
