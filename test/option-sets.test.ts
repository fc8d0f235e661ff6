// Labels for coded values: the option sets every administrator reads (src/core/options/option-sets.ts),
// in the request's language, and the server refusing any value outside the set a field takes.
import { describe, expect, it } from 'vitest';
import { OPTION_SET_NAMES, OPTION_SETS, type OptionSetName, optionValues } from '../src/core/options/option-sets';
import { SUBSCRIBABLE_EVENT_TYPES } from '../src/core/webhook/event-types';
import { errorCode, graphql, seededAdminToken } from './support/admin';
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

/** Sets that only label values the schema gives as Boolean, or an open range (social types). */
// WEBHOOK_EVENT_TYPE: an endpoint's types are refused with their own code (WEBHOOK_EVENT_TYPE_UNKNOWN, webhook-console).
const LABEL_ONLY: readonly OptionSetName[] = ['YES_NO', 'SUCCESS', 'SOCIAL_TYPE', 'WEBHOOK_EVENT_TYPE'];

/** Page filters taking a set's values: [query, input type, filter field, set, further input]. */
const PAGE_FILTERS: readonly [string, string, string, OptionSetName, Record<string, unknown>?][] = [
  ['postPage', 'PostPageReqVO', 'status', 'COMMON_STATUS'],
  ['userPage', 'UserPageReqVO', 'status', 'COMMON_STATUS'],
  ['rolePage', 'RolePageReqVO', 'status', 'COMMON_STATUS'],
  ['countryPage', 'BasicCountryPageReqVO', 'status', 'COMMON_STATUS'],
  ['shortLinkPage', 'SysShortLinkRecordPageReqVO', 'status', 'COMMON_STATUS'],
  ['oauth2ClientPage', 'OAuth2ClientPageReqVO', 'status', 'COMMON_STATUS'],
  ['currencyPage', 'BasicCurrencyPageReqVO', 'status', 'ONE_ENABLED_STATUS'],
  ['currencyPage', 'BasicCurrencyPageReqVO', 'showStatus', 'SHOW_STATUS'],
  ['currencyRatePolicyPage', 'CurrencyRatePolicyPageReqVO', 'status', 'ONE_ENABLED_STATUS'],
  ['currencyRatePolicyPage', 'CurrencyRatePolicyPageReqVO', 'policyType', 'RATE_POLICY_TYPE'],
  ['gatewayIpBlacklistPage', 'GatewayIpBlacklistPageReqVO', 'status', 'ONE_ENABLED_STATUS'],
  ['gatewayIpBlacklistPage', 'GatewayIpBlacklistPageReqVO', 'ipType', 'IP_TYPE'],
  ['gatewayIpBlacklistPage', 'GatewayIpBlacklistPageReqVO', 'source', 'BLACKLIST_SOURCE'],
  ['notifyMessagePage', 'NotifyMessagePageReqVO', 'userType', 'USER_TYPE'],
  ['socialClientPage', 'SocialClientPageReqVO', 'userType', 'PERSON_USER_TYPE'],
  ['smsLogPage', 'SmsLogPageReqVO', 'sendStatus', 'SEND_STATUS'],
  ['mailLogPage', 'MailLogPageReqVO', 'sendStatus', 'SEND_STATUS'],
  ['smsTemplatePage', 'SmsTemplatePageReqVO', 'type', 'SMS_TEMPLATE_TYPE'],
  ['notifyTemplatePage', 'NotifyTemplatePageReqVO', 'type', 'NOTIFY_TEMPLATE_TYPE'],
  ['noticePage', 'NoticePageReqVO', 'type', 'NOTICE_TYPE'],
  ['regionPage', 'BasicRegionPageReqVO', 'province', 'REGION_LEVEL'],
  ['supportInfoPage', 'SupportInfoPageReqVO', 'terminalType', 'SUPPORT_INFO_TERMINAL_TYPE'],
  ['informationPage', 'InformationPageReqVO', 'terminalType', 'INFORMATION_TERMINAL_TYPE'],
  ['informationPage', 'InformationPageReqVO', 'businessType', 'INFORMATION_BUSINESS_TYPE'],
  ['protocolStatementPage', 'ProtocolStatementPageReqVO', 'positionType', 'PROTOCOL_POSITION_TYPE'],
  ['commonClassifyPage', 'CommonClassifyPageReqVO', 'positionType', 'CLASSIFY_POSITION_TYPE'],
  ['verificationCodePage', 'VerificationCodePageReqVO', 'channel', 'VERIFICATION_CHANNEL'],
  ['webhookDeliveryPage', 'WebhookDeliveryPageReqVO', 'status', 'WEBHOOK_DELIVERY_STATUS', { endpointId: 1 }],
];

/** Writes whose only coded fields sit in their save shapes: [document, variables with the value at VALUE, refused field, set]. */
const SAVES: readonly [string, (value: unknown) => Record<string, unknown>, string, OptionSetName][] = [
  ['mutation ($input: MenuSaveVO!) { createMenu(input: $input) { id } }', (type) => ({ input: { name: 'm', parentId: 0, sort: 1, status: 0, type } }), 'type', 'MENU_TYPE'],
  ['mutation ($dataScope: Int!) { assignRoleDataScope(roleId: 1, dataScope: $dataScope) }', (dataScope) => ({ dataScope }), 'dataScope', 'DATA_SCOPE'],
  ['mutation ($input: UserProfileUpdateReqVO!) { updateUserProfile(input: $input) }', (sex) => ({ input: { nickname: 'n', sex } }), 'sex', 'SEX'],
  [
    'mutation ($input: DictDataSaveReqVO!) { createDictData(input: $input) { id } }',
    (colorType) => ({ input: { dictType: 'no_such_type', label: 'l', value: 'v', sort: 1, status: 0, colorType } }),
    'colorType',
    'DICT_COLOR_TYPE',
  ],
  [
    'mutation ($input: OAuth2ClientSaveReqVO!) { createOauth2Client(input: $input) { id } }',
    (grantType) => ({
      input: { clientId: 'c-options', secret: 's', name: 'n', logo: '', status: 0, accessTokenValiditySeconds: 60, refreshTokenValiditySeconds: 60, redirectUris: [], authorizedGrantTypes: [grantType] },
    }),
    'authorizedGrantTypes[0]',
    'GRANT_TYPE',
  ],
];

const outside = (name: OptionSetName): unknown => (OPTION_SETS[name].valueType === 'STRING' ? 'NOT_IN_THE_SET' : 99);

const listing = (name: OptionSetName) => `must be one of ${OPTION_SETS[name].options.map((option) => `${String(option.value)} (${option.label.en})`).join(', ')}`;

describe('coded inputs', () => {
  it('labels exactly the webhook event types an endpoint may subscribe to', () => {
    expect(optionValues('WEBHOOK_EVENT_TYPE')).toEqual(SUBSCRIBABLE_EVENT_TYPES);
  });

  it('covers every set that is not label-only', () => {
    const validated = new Set([...PAGE_FILTERS.map((entry) => entry[3]), ...SAVES.map((entry) => entry[3])]);
    expect(OPTION_SET_NAMES.filter((name) => !validated.has(name) && !LABEL_ONLY.includes(name))).toEqual([]);
  });

  it.each(PAGE_FILTERS)('%s filters %s.%s by exactly the set', async (query, inputType, field, name, further) => {
    const token = await seededAdminToken(test.core);
    const document = `query ($input: ${inputType}!) { ${query}(input: $input) { total } }`;
    const page = (value: unknown) => graphql(test.app, document, { token, variables: { input: { pageNo: 1, pageSize: 1, ...further, [field]: value } } });
    for (const value of optionValues(name)) {
      const answer = await page(value);
      expect(errorCode(answer), `${field} = ${String(value)}`).not.toBe(400);
    }
    const refused = await page(outside(name));
    expect(refused.errors![0]!.extensions).toMatchObject({ code: 400, fieldErrors: [{ field, message: listing(name) }] });
  });

  it.each(SAVES)('%s refuses a value outside the set', async (document, variables, field, name) => {
    const token = await seededAdminToken(test.core);
    const refused = await graphql(test.app, document, { token, variables: variables(outside(name)) });
    expect(refused.errors![0]!.extensions).toMatchObject({ code: 400, fieldErrors: expect.arrayContaining([expect.objectContaining({ field, message: listing(name) })]) as unknown });
  });
});
