// The menu tree shared by every tenant: every tenant reads the menus its package allows; only the
// system tenant's administrators change them (MenuService, src/core/permission/menu-service.ts).
import { Arg, Authorized, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { labelLanguageOf } from '../../core/language/accept-language';
import { localizedMenuName } from '../../core/permission/menu-names';
import type { MenuRecord, MenuTreeRecord } from '../../core/permission/menu-record';
import { Int64 } from '../common/scalars';
import { savedId } from '../common/saved-id';
import type { GraphQLContext } from '../context';
import { MenuSaveVO, MenuSimpleView, MenuTreeView, MenuView } from './menu.types';

const LOCALIZED_NAME = {
  description: "The name in the request's language (Accept-Language): the seed's translation of a seeded name, else the stored name. Forms edit `name`",
};

/** Screens and pickers show menus (buttons included) in the console's language. */
const localizedName = (menu: { name: string }, { languages }: GraphQLContext): string => localizedMenuName(menu.name, labelLanguageOf(languages));

@Resolver(() => MenuView)
export class MenuResolver {
  @FieldResolver(() => String, LOCALIZED_NAME)
  localizedName(@Root() menu: MenuView, @Ctx() context: GraphQLContext): string {
    return localizedName(menu, context);
  }

  @Authorized('system:menu:query')
  @Query(() => MenuView, { nullable: true, description: 'A menu the tenant may use' })
  menu(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<MenuRecord> {
    return core.menus.get(ctx, id);
  }

  @Authorized('system:menu:query')
  @Query(() => [MenuTreeView], { nullable: true, description: 'The menus the tenant may use, as a tree; with filters, matching menus whose parent does not match are roots' })
  menuTree(
    @Arg('name', () => String, { nullable: true, description: 'Part of the name' }) name: string | null,
    @Arg('status', () => Int, { nullable: true }) status: number | null,
    @Ctx() { ctx, core }: GraphQLContext,
  ): Promise<MenuTreeRecord[]> {
    return core.menus.tree(ctx, { name, status });
  }

  @Authorized('system:menu:query')
  @Query(() => [MenuView], { nullable: true, description: 'Every menu the tenant may use (of a status, with a name containing name, when given), flat: the tree is built from parentId' })
  menuList(
    @Arg('name', () => String, { nullable: true, description: 'Part of the name' }) name: string | null,
    @Arg('status', () => Int, { nullable: true }) status: number | null,
    @Ctx() { ctx, core }: GraphQLContext,
  ): Promise<MenuRecord[]> {
    return core.menus.list(ctx, { name, status });
  }

  @Authorized()
  @Query(() => [MenuSimpleView], { nullable: true, description: 'Enabled menus the tenant may use, flat, for pickers' })
  menuSimpleList(@Ctx() { ctx, core }: GraphQLContext): Promise<MenuSimpleView[]> {
    return core.menus.simpleList(ctx);
  }

  @Authorized('system:menu:create')
  @Mutation(() => MenuView, { description: 'Creates a menu (system tenant only); answers it' })
  async createMenu(@Arg('input', () => MenuSaveVO) input: MenuSaveVO, @Ctx() context: GraphQLContext): Promise<MenuRecord> {
    const { ctx, core } = context;
    return this.menu(await core.menus.create(ctx, input), context);
  }

  @Authorized('system:menu:update')
  @Mutation(() => MenuView, { description: 'Updates a menu (system tenant only)' })
  async updateMenu(@Arg('input', () => MenuSaveVO) input: MenuSaveVO, @Ctx() context: GraphQLContext): Promise<MenuRecord> {
    const { ctx, core } = context;
    await core.menus.update(ctx, input);
    return this.menu(savedId(input), context);
  }

  @Authorized('system:menu:delete')
  @Mutation(() => Boolean, { description: 'Deletes a menu without children (system tenant only)' })
  async deleteMenu(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<boolean> {
    await core.menus.delete(ctx, id);
    return true;
  }
}

@Resolver(() => MenuSimpleView)
export class MenuSimpleViewResolver {
  @FieldResolver(() => String, LOCALIZED_NAME)
  localizedName(@Root() menu: MenuSimpleView, @Ctx() context: GraphQLContext): string {
    return localizedName(menu, context);
  }
}
