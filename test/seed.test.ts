import { describe, expect, it } from 'vitest';
import { SEED_ADMIN_USERNAME, seedDatabase, SUPER_ADMIN_ROLE_CODE } from '../prisma/seed';
import { COUNTRIES } from '../src/core/geo/countries';
import { OPEN_API_SCOPES } from '../src/core/oauth2/scopes';
import { catalogPermissions, MenuType } from '../src/core/permission/menu-catalogue';
import { verifySecret } from '../src/core/security/password-hash';
import { useTestDatabase } from './support/app';
import { SEED } from './support/database';

const testDb = useTestDatabase('seed');

describe('seed', () => {
  it('creates the system tenant, its super administrator with the given password, and the menu tree', async () => {
    const db = testDb.db;
    expect(await db.tenant.findUnique({ where: { id: 1 } })).toMatchObject({ name: 'OpenBuy', status: 0 });
    const admin = await db.adminUser.findUnique({ where: { tenantId_username: { tenantId: 1, username: SEED_ADMIN_USERNAME } }, include: { roles: { include: { role: true } } } });
    expect(await verifySecret(admin?.passwordHash as string, SEED.adminPassword)).toBe(true);
    expect(admin?.roles.map((link) => link.role.code)).toEqual([SUPER_ADMIN_ROLE_CODE]);
    const buttons = await db.menu.findMany({ where: { type: MenuType.BUTTON } });
    expect(buttons.map((button) => button.permission).sort()).toEqual(catalogPermissions().sort());
    const parents = new Set((await db.menu.findMany({ where: { type: { not: MenuType.BUTTON } } })).map((menu) => menu.id));
    expect(buttons.every((button) => parents.has(button.parentId))).toBe(true);
  });

  it('creates the demo partner with every open-platform scope and its secret', async () => {
    const client = await testDb.db.oAuth2Client.findUnique({ where: { clientId: SEED.partnerClientId } });
    expect(client?.scopes).toEqual([...OPEN_API_SCOPES]);
    expect(client?.authorizedGrantTypes).toEqual(['client_credentials']);
    expect(await verifySecret(client?.secretHash as string, SEED.partnerClientSecret)).toBe(true);
  });

  it('creates every ISO 3166-1 country, enabled, in code order', async () => {
    const countries = await testDb.db.basicCountry.findMany({ orderBy: { sort: 'asc' } });
    expect(countries).toHaveLength(249);
    expect(countries.map((country) => country.enShortName)).toEqual(COUNTRIES.map((country) => country.alpha2));
    expect(countries.find((country) => country.enShortName === 'CN')).toMatchObject({
      enName: 'China',
      localName: '中国',
      areaId: 'AS',
      alpha3: 'CHN',
      numericCode: '156',
      callingCode: '86',
      status: 0,
    });
  });

  it('is idempotent: a second run creates nothing and reveals no credentials', async () => {
    const db = testDb.db;
    const before = await Promise.all([db.menu.count(), db.adminUser.count(), db.oAuth2Client.count(), db.role.count(), db.basicCountry.count()]);
    expect(await seedDatabase(testDb.database, SEED)).toEqual({});
    expect(await Promise.all([db.menu.count(), db.adminUser.count(), db.oAuth2Client.count(), db.role.count(), db.basicCountry.count()])).toEqual(before);
  });

  it('keeps staff edits and deletions of countries on a re-seed', async () => {
    const db = testDb.db;
    await db.basicCountry.update({ where: { enShortName: 'FR' }, data: { localName: 'République française', status: 1 } });
    await db.basicCountry.delete({ where: { enShortName: 'AQ' } });
    await seedDatabase(testDb.database, SEED);
    expect(await db.basicCountry.findUnique({ where: { enShortName: 'FR' } })).toMatchObject({ localName: 'République française', status: 1 });
    expect(await db.basicCountry.findUnique({ where: { enShortName: 'AQ' } })).toBeNull();
    expect(await db.basicCountry.count()).toBe(248);
  });
});
