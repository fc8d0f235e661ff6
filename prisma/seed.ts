// The first data of a new installation: the system tenant, its super administrator, the permission
// menu tree, every ISO 3166-1 country, and a demo partner client with every open-platform scope. Safe
// to run again: what exists is kept (credentials are only set, and printed, when their record is
// created; countries only fill an empty table, so staff edits and deletions survive).
import { randomBytes } from 'node:crypto';
import { LocalInvalidationBus } from '../src/core/cache/invalidation-bus';
import { type Database, type Db, openDatabase } from '../src/core/db/client';
import type { Config } from '../src/config';
import { databaseTarget } from '../src/core/db/database-url';
import { seedCountries } from '../src/core/geo/country-service';
import { OAuth2ClientService } from '../src/core/oauth2/oauth2-client-service';
import { CLIENT_CREDENTIALS, OPEN_API_SCOPES } from '../src/core/oauth2/scopes';
import { TokenService } from '../src/core/oauth2/token-service';
import { MENU_CATALOGUE, type MenuNode, MenuType } from '../src/core/permission/menu-catalogue';
import { SUPER_ADMIN_ROLE_CODE } from '../src/core/permission/permission-service';
import { hashSecret } from '../src/core/security/password-hash';
import { SYSTEM_TENANT_ID } from '../src/core/tenant/tenant-directory';
import { DEMO_GOODS, seedDemoCatalog } from './demo/catalog';
import { DEMO_MEMBER, seedDemoMember } from './demo/member';

export { SUPER_ADMIN_ROLE_CODE };
export const SEED_ADMIN_USERNAME = 'admin';
/** The system tenant's name, which the seeded administrator signs in with. */
export const SEED_TENANT_NAME = 'OpenBuy';
export const DEFAULT_PARTNER_CLIENT_ID = 'demo-partner';

export interface SeedOptions {
  adminPassword?: string;
  partnerClientId?: string;
  partnerClientSecret?: string;
  /** The demo member (demo-user-1) bound to the seeded partner, and the demo catalog. Default on. */
  demoData?: boolean;
}

export interface SeedResult {
  /** Credentials created by this run; absent when the record already existed. */
  admin?: { username: string; password: string; generated: boolean };
  partner?: { clientId: string; secret: string; generated: boolean };
  /** The partner the demo member is bound to, when demo data was seeded. */
  demoPartnerClientId?: string;
}

const randomSecret = () => randomBytes(18).toString('base64url');

async function seedMenus(db: Db, nodes: readonly MenuNode[], parentId: number): Promise<void> {
  for (const [index, node] of nodes.entries()) {
    const isDirectory = node.children !== undefined;
    const type = isDirectory ? MenuType.DIRECTORY : MenuType.MENU;
    const existing = await db.menu.findFirst({ where: { parentId, name: node.name, type } });
    const menu =
      existing ??
      (await db.menu.create({
        data: { name: node.name, type, sort: index + 1, parentId, path: node.path, icon: node.icon ?? null, component: node.component ?? null },
      }));
    for (const [buttonIndex, button] of (node.buttons ?? []).entries()) {
      const permission = `${node.permissionPrefix}:${button}`;
      if (!(await db.menu.findFirst({ where: { parentId: menu.id, permission } }))) {
        await db.menu.create({ data: { name: button, permission, type: MenuType.BUTTON, sort: buttonIndex + 1, parentId: menu.id } });
      }
    }
    await seedMenus(db, node.children ?? [], menu.id);
  }
}

export async function seedDatabase(database: Pick<Database, 'db' | 'target'>, options: SeedOptions = {}): Promise<SeedResult> {
  const { db } = database;
  const result: SeedResult = {};
  if (!(await db.tenant.findUnique({ where: { id: SYSTEM_TENANT_ID } }))) {
    // No explicit id: PostgreSQL would not advance its sequence past it. The first tenant gets id 1.
    const tenant = await db.tenant.create({
      data: { name: SEED_TENANT_NAME, contactName: 'OpenBuy operations', expireTime: new Date('2099-12-31T00:00:00Z'), accountCount: 9999 },
    });
    if (tenant.id !== SYSTEM_TENANT_ID) {
      throw new Error(`The system tenant must be the first tenant (id ${SYSTEM_TENANT_ID}); this database already had tenants.`);
    }
  }
  await seedMenus(db, MENU_CATALOGUE, 0);
  await seedCountries(db, new Date());

  const role =
    (await db.role.findUnique({ where: { tenantId_code: { tenantId: SYSTEM_TENANT_ID, code: SUPER_ADMIN_ROLE_CODE } } })) ??
    (await db.role.create({ data: { tenantId: SYSTEM_TENANT_ID, name: 'Super administrator', code: SUPER_ADMIN_ROLE_CODE, sort: 1, type: 1, dataScopeDeptIds: [] } }));
  const adminKey = { tenantId_username: { tenantId: SYSTEM_TENANT_ID, username: SEED_ADMIN_USERNAME } };
  if (!(await db.adminUser.findUnique({ where: adminKey }))) {
    const password = options.adminPassword ?? randomSecret();
    const user = await db.adminUser.create({
      data: { tenantId: SYSTEM_TENANT_ID, username: SEED_ADMIN_USERNAME, passwordHash: await hashSecret(password), nickname: 'Administrator', name: 'Administrator' },
    });
    await db.userRole.create({ data: { tenantId: SYSTEM_TENANT_ID, userId: user.id, roleId: role.id } });
    await db.tenant.update({ where: { id: SYSTEM_TENANT_ID }, data: { contactUserId: user.id } });
    result.admin = { username: SEED_ADMIN_USERNAME, password, generated: options.adminPassword === undefined };
  }

  const clientId = options.partnerClientId ?? DEFAULT_PARTNER_CLIENT_ID;
  if (!(await db.oAuth2Client.findUnique({ where: { clientId } }))) {
    const secret = options.partnerClientSecret ?? randomSecret();
    // The seed runs before any server, so no other process holds a cache to invalidate.
    const bus = new LocalInvalidationBus();
    await new OAuth2ClientService(db, bus, new TokenService(db, Date.now, bus)).create({
      clientId,
      secret,
      name: 'Demo partner',
      logo: '',
      description: 'Created by the seed: every open-platform scope, for trying the API.',
      status: 0,
      accessTokenValiditySeconds: 7200,
      refreshTokenValiditySeconds: 0,
      redirectUris: [],
      authorizedGrantTypes: [CLIENT_CREDENTIALS],
      scopes: [...OPEN_API_SCOPES],
      partnerName: 'Demo partner',
      ipWhitelist: '',
      rateLimitQps: 0,
    });
    result.partner = { clientId, secret, generated: options.partnerClientSecret === undefined };
  }
  if (options.demoData ?? true) {
    await seedDemoCatalog(db);
    await seedDemoMember(database, { tenantId: SYSTEM_TENANT_ID, partnerClientId: clientId });
    result.demoPartnerClientId = clientId;
  }
  return result;
}

export function seedOptionsOf(config: Config): SeedOptions {
  return {
    adminPassword: config.SEED_ADMIN_PASSWORD,
    partnerClientId: config.SEED_PARTNER_CLIENT_ID,
    partnerClientSecret: config.SEED_PARTNER_CLIENT_SECRET,
    demoData: config.SEED_DEMO_DATA,
  };
}

/** What a person needs to read once: the credentials this run created. */
export function describeSeedResult(result: SeedResult): string {
  const lines: string[] = [];
  if (result.admin) {
    const password = result.admin.generated ? result.admin.password : '(from SEED_ADMIN_PASSWORD)';
    lines.push(`Administrator (tenant ${SYSTEM_TENANT_ID}): username ${result.admin.username}  password ${password}`);
  }
  if (result.partner) {
    const secret = result.partner.generated ? result.partner.secret : '(from SEED_PARTNER_CLIENT_SECRET)';
    lines.push(`Demo partner OAuth 2.0 client: client_id ${result.partner.clientId}  client_secret ${secret}`);
  }
  const demo = result.demoPartnerClientId
    ? `Demo data: member ${DEMO_MEMBER.externalUserId} (wallet ${DEMO_MEMBER.balance / 100} CNY, default address) bound to ${result.demoPartnerClientId}; ${DEMO_GOODS.length} catalog goods.`
    : '';
  if (lines.length === 0) return ['Seed: everything already existed; no credentials were created.', demo].filter(Boolean).join('\n');
  return ['Seed created these credentials. They are shown only now; keep them:', ...lines.map((line) => `  ${line}`), demo].filter(Boolean).join('\n');
}

export async function runSeedCommand(config: Config): Promise<void> {
  const database = await openDatabase(databaseTarget(config.DATABASE_URL));
  try {
    console.log(describeSeedResult(await seedDatabase(database, seedOptionsOf(config))));
  } finally {
    await database.close();
  }
}
