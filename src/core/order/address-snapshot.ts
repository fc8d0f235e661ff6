// The copy of a member's address that a purchase order or a bag keeps, so that later edits of the
// address book never change where goods already ordered or packed are meant to go.
import type { Db, DbTransaction } from '../db/client';
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
 */
export async function memberAddressSnapshot(
  db: Db | DbTransaction,
  owner: { tenantId: number; memberId: number },
  addressId: number | undefined,
): Promise<AddressSnapshot | null> {
  if (addressId !== undefined && !isStoredId(addressId)) return null;
  const address = await db.memberAddress.findFirst({
    where: { memberId: owner.memberId, member: { tenantId: owner.tenantId }, ...(addressId !== undefined ? { id: addressId } : { isDefault: true }) },
    orderBy: { id: 'asc' },
  });
  if (!address) return null;
  const { id, receiverName, phone, country, province, city, addressLine, postCode } = address;
  return { addressId: id, receiverName, phone, country, province, city, addressLine, postCode };
}
