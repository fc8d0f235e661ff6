// Pickers for every form: simple lists are readable by any signed-in administrator of the tenant,
// and a refused root field is null beside the others instead of blanking the whole answer.
import { describe, expect, it } from 'vitest';
import { errorCode, graphql } from './support/admin';
import { signedInAdmin } from './support/admin-org';
import { useTestApp } from './support/app';

const test = useTestApp('console_pickers');

const USER_FORM = '{ deptSimpleList { id } postSimpleList { id } roleSimpleList { id } smsTemplateSimpleList { id } tenantSimpleList { id } }';

describe('pickers', () => {
  it('answers the simple lists to an administrator without their query permissions, and only the refused field is null', async () => {
    const admin = await signedInAdmin(test.core, { permissions: ['system:user:query', 'system:user:create'] });
    const answer = await graphql<Record<string, unknown[] | null>>(test.app, USER_FORM, { token: admin.token });
    expect(answer.data).toMatchObject({ deptSimpleList: [], postSimpleList: [], smsTemplateSimpleList: [], tenantSimpleList: null });
    expect(Array.isArray(answer.data!.roleSimpleList)).toBe(true);
    expect(answer.errors).toHaveLength(1);
    expect(answer.errors![0]).toMatchObject({ path: ['tenantSimpleList'], extensions: { code: 403 } });
  });

  it('still refuses a caller who is not signed in', async () => {
    expect(errorCode(await graphql(test.app, '{ deptSimpleList { id } }'))).toBe(401);
  });
});
