// How many items each list field of the /graphql schema can return when no argument states a size,
// so the cost check (query-limits.ts) multiplies by what a list really answers, not a guess.
//
// - A page's `list` (a type with `list` and `total`) holds at most MAX_PAGE_SIZE items: the paging
//   input refuses a larger pageSize, and the page query's pageSize, when stated, counts instead.
// - Every other list field is declared in LIST_BOUNDS, "Type.field" -> items. Bounds fixed by
//   construction say why; the others are ceilings of what a tenant keeps (the seeded permission
//   tree has 213 menus), kept low enough that the console's own queries fit GRAPHQL_MAX_COST. A list
//   that answers more than its bound is logged (watchListBounds), and its bound is then raised here.
// - A list of scalars costs 1 like any leaf field: its bound only feeds that log.
// - A tree's `children` count 1: every node of a tree sits at one level, so the root list's bound
//   (its node count) times the fields of all levels bounds the whole tree.
// list-bounds.test.ts fails when a list field of the schema has no bound, or a bound
// names a field the schema no longer has.
import { defaultFieldResolver, getNullableType, type GraphQLField, type GraphQLNamedType, type GraphQLSchema, isInterfaceType, isListType, isObjectType } from 'graphql';
import { ErrorCatalogue } from '../../core/errors/catalogue';
import { OPTION_SET_NAMES, OPTION_SETS } from '../../core/options/option-sets';
import { MAX_PAGE_SIZE } from '../../core/paging';
import { SUBSCRIBABLE_EVENT_TYPES } from '../../core/webhook/event-types';

const TREE_CHILDREN = 1;

export const LIST_BOUNDS: Readonly<Record<string, number>> = Object.freeze({
  // Fixed by construction: the catalogue, the SMS client codes the code knows, the option sets.
  'Query.errorCodes': Object.keys(ErrorCatalogue).length,
  'Query.smsChannelClients': 20,
  // The option sets, and the values of the largest.
  'Query.optionSets': OPTION_SET_NAMES.length,
  'OptionSetView.options': Math.max(...OPTION_SET_NAMES.map((name) => OPTION_SETS[name].options.length)),
  // Sensitive words: the tags in use, and the distinct words found in one text.
  'Query.sensitiveWordTags': 500,
  'Query.validateText': 500,
  // Reference data.
  'Query.countrySimpleList': 300,
  'Query.currencySimpleList': 300,
  'Query.regionSimpleList': 1_000,
  'Query.systemLanguageSimpleList': 200,
  'Query.visibleSystemLanguages': 200,
  // The languages one code is translated into.
  'ErrorCodeEntry.overrides': 10,
  // Permission trees and administration records of one tenant.
  'Query.menuTree': 500,
  'Query.menuList': 500,
  'Query.menuSimpleList': 500,
  // The console's navigation: directories and menus, never buttons.
  'CurrentAdmin.menus': 200,
  'CurrentAdmin.permissions': 500,
  'MenuTreeView.children': TREE_CHILDREN,
  'Query.deptTree': 500,
  'Query.deptList': 500,
  'Query.deptSimpleList': 500,
  'DeptTreeNode.children': TREE_CHILDREN,
  'Query.commonClassifyTree': 500,
  'Query.commonClassifySimpleList': 500,
  'CommonClassifyTreeNode.children': TREE_CHILDREN,
  'Query.roleSimpleList': 500,
  // The roles and posts of one administrator: a handful.
  'Query.userRoleIds': 20,
  'CurrentAdmin.roles': 20,
  'Query.userSimpleList': 1_000,
  'UserView.roles': 20,
  'UserView.posts': 20,
  'UserView.postIds': 20,
  'Query.postSimpleList': 500,
  'Query.tenantSimpleList': 1_000,
  'Query.tenantPackageSimpleList': 500,
  'Query.oauth2ClientSimpleList': 1_000,
  'Query.socialClientSimpleList': 200,
  'Query.mailAccountSimpleList': 200,
  'Query.smsChannelSimpleList': 200,
  'Query.notifyTemplateSimpleList': 1_000,
  'Query.smsTemplateSimpleList': 1_000,
  'Query.mailTemplateSimpleList': 1_000,
  'Query.shortLinkGroupSimpleList': 1_000,
  'Query.dictTypeSimpleList': 1_000,
  'Query.dictDataSimpleList': 1_000,
  // Lists inside one record.
  'OAuth2Client.redirectUris': 100,
  'OAuth2Client.authorizedGrantTypes': 10,
  'OAuth2Client.scopes': 100,
  'OAuth2Client.autoApproveScopes': 100,
  'OAuth2Client.authorities': 100,
  'OAuth2Client.resourceIds': 100,
  'RoleView.dataScopeDeptIds': 1_000,
  'RoleView.menuIds': 500,
  'TenantPackageView.menuIds': 500,
  'MailTemplateView.params': 100,
  'SmsTemplateView.params': 100,
  'NotifyTemplateView.params': 100,
  'SensitiveWordView.tags': 100,
  'SystemLanguageView.whitelistUserIds': 1_000,
  'SystemLanguageView.whitelistCountries': 300,
  // The types an endpoint subscribes to, each at most once.
  'WebhookEndpointView.eventTypes': SUBSCRIBABLE_EVENT_TYPES.length,
});

/** A type with `list` and `total` fields is a page. */
function isPage(type: GraphQLNamedType): boolean {
  return (isObjectType(type) || isInterfaceType(type)) && 'list' in type.getFields() && 'total' in type.getFields();
}

/** The items a list field of `parent` answers at most when no argument states it; undefined when undeclared. */
export function listBound(parent: GraphQLNamedType, field: GraphQLField<unknown, unknown>): number | undefined {
  if (field.name === 'list' && isPage(parent)) return MAX_PAGE_SIZE;
  return LIST_BOUNDS[`${parent.name}.${field.name}`];
}

/**
 * Logs a list field answering more items than its bound (the bound is then to be raised here). The
 * check wraps the resolvers of bounded list fields only: a per-field plugin hook would make Apollo
 * instrument every field of every operation, a large share of a big page's cost.
 */
export function watchListBounds(schema: GraphQLSchema, warn: (details: { field: string; items: number; bound: number }) => void): void {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const bound = isListType(getNullableType(field.type)) ? listBound(type, field) : undefined;
      if (bound === undefined) continue;
      const resolve = field.resolve ?? defaultFieldResolver;
      const check = (result: unknown) => {
        if (Array.isArray(result) && result.length > bound) warn({ field: `${type.name}.${field.name}`, items: result.length, bound });
        return result;
      };
      field.resolve = (source, args, context, info) => {
        const result: unknown = resolve(source, args, context, info);
        return result instanceof Promise ? result.then(check) : check(result);
      };
    }
  }
}
