// Labels for coded values: the option sets every administrator reads (src/core/options/option-sets.ts),
// in the request's language, and the server refusing any value outside the set a field takes.
import { describe, expect, it } from 'vitest';
import { OPTION_SET_NAMES } from '../src/core/options/option-sets';
import { errorCode, graphql } from './support/admin';
import { signedInAdmin } from './support/admin-org';
import { useTestApp } from './support/app';

const test = useTestApp('option_sets');

interface OptionSetAnswer {
  optionSets: { name: string; valueType: string; options: { value: string; label: string }[] }[];
}

const ALL_SETS = '{ optionSets { name valueType options { value label } } }';

describe('optionSets', () => {
  it('answers every set to an administrator holding no permission at all', async () => {
    const nobody = await signedInAdmin(test.core, { permissions: [] });
    const answer = await graphql<OptionSetAnswer>(test.app, ALL_SETS, { token: nobody.token });
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.optionSets.map((set) => set.name)).toEqual(OPTION_SET_NAMES);
    const status = answer.data!.optionSets.find((set) => set.name === 'COMMON_STATUS');
    expect(status).toEqual({
      name: 'COMMON_STATUS',
      valueType: 'INT',
      options: [
        { value: '0', label: 'Enabled' },
        { value: '1', label: 'Disabled' },
      ],
    });
    const yesNo = answer.data!.optionSets.find((set) => set.name === 'YES_NO');
    expect(yesNo).toMatchObject({ valueType: 'BOOLEAN', options: [{ value: 'true' }, { value: 'false' }] });
    for (const set of answer.data!.optionSets) expect(set.options.length, set.name).toBeGreaterThan(0);
  });

  it('answers the sets asked for, in that order', async () => {
    const admin = await signedInAdmin(test.core, { permissions: [] });
    const answer = await graphql<OptionSetAnswer>(test.app, '{ optionSets(names: [SEND_STATUS, ONE_ENABLED_STATUS]) { name options { value } } }', { token: admin.token });
    expect(answer.data!.optionSets).toEqual([
      { name: 'SEND_STATUS', options: [{ value: '0' }, { value: '10' }, { value: '20' }] },
      { name: 'ONE_ENABLED_STATUS', options: [{ value: '1' }, { value: '0' }] },
    ]);
  });

  it.each([
    ['zh-CN', '开启'],
    ['zh', '开启'],
    ['fr-FR,zh-CN;q=0.8,en;q=0.9', 'Enabled'],
    ['fr-FR,en;q=0.5,zh-TW;q=0.9', '开启'],
    ['fr-FR,de;q=0.9', 'Enabled'],
    ['en;q=0, zh-CN', '开启'],
    ['*', 'Enabled'],
  ])('labels in the language Accept-Language %j prefers', async (acceptLanguage, enabled) => {
    const admin = await signedInAdmin(test.core, { permissions: [] });
    const answer = await graphql<OptionSetAnswer>(test.app, '{ optionSets(names: [COMMON_STATUS]) { options { label } } }', { token: admin.token, acceptLanguage });
    expect(answer.data!.optionSets[0]!.options[0]!.label).toBe(enabled);
  });

  it('refuses a caller who is not signed in, and an unknown set name', async () => {
    expect(errorCode(await graphql(test.app, ALL_SETS))).toBe(401);
    const admin = await signedInAdmin(test.core, { permissions: [] });
    expect(errorCode(await graphql(test.app, '{ optionSets(names: [NO_SUCH_SET]) { name } }', { token: admin.token }))).toBe(400);
  });
});
