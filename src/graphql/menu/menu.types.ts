import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { DateTime, Int64 } from '../common/scalars';

@InputType('MenuSaveVO', { description: 'A menu to create (no id) or update (id required). Types: 1 directory, 2 menu, 3 button' })
export class MenuSaveVO {
  @Field(() => Int64, { nullable: true, description: 'Omitted on create, required on update' })
  id?: number | null;

  @Field(() => String, { description: 'At most 50 characters, unique under the parent' })
  name!: string;

  @Field(() => String, { nullable: true, description: 'Buttons only, at most 100 characters, e.g. system:user:create' })
  permission?: string | null;

  @Field(() => Int, { description: '1 directory, 2 menu, 3 button' })
  type!: number;

  @Field(() => Int)
  sort!: number;

  @Field(() => Int64, { description: '0 for a top-level entry; never the menu itself or below it, never a button' })
  parentId!: number;

  @Field(() => String, { nullable: true, description: 'Directories and menus only, at most 200 characters' })
  path?: string | null;

  @Field(() => String, { nullable: true, description: 'Directories and menus only' })
  icon?: string | null;

  @Field(() => String, { nullable: true, description: 'Menus only, at most 200 characters' })
  component?: string | null;

  @Field(() => String, { nullable: true })
  componentName?: string | null;

  @Field(() => Int, { description: '0 enabled, 1 disabled' })
  status!: number;

  @Field(() => Boolean, { nullable: true })
  visible?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  keepAlive?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  alwaysShow?: boolean | null;
}

@ObjectType('MenuView', { description: 'A directory, menu or button of the shared menu tree' })
export class MenuView {
  @Field(() => Int64)
  id!: number;

  @Field(() => String)
  name!: string;

  @Field(() => String, { description: 'Empty except for buttons' })
  permission!: string;

  @Field(() => Int, { description: '1 directory, 2 menu, 3 button' })
  type!: number;

  @Field(() => Int)
  sort!: number;

  @Field(() => Int64)
  parentId!: number;

  @Field(() => String, { nullable: true })
  path!: string | null;

  @Field(() => String, { nullable: true })
  icon!: string | null;

  @Field(() => String, { nullable: true })
  component!: string | null;

  @Field(() => String, { nullable: true })
  componentName!: string | null;

  @Field(() => Int, { description: '0 enabled, 1 disabled' })
  status!: number;

  @Field(() => Boolean)
  visible!: boolean;

  @Field(() => Boolean)
  keepAlive!: boolean;

  @Field(() => Boolean)
  alwaysShow!: boolean;

  @Field(() => DateTime, { name: 'createTime' })
  createdAt!: Date;
}

@ObjectType('MenuTreeView', { description: 'A menu with its children, in (sort, id) order' })
export class MenuTreeView extends MenuView {
  @Field(() => [MenuTreeView])
  children!: MenuTreeView[];
}

@ObjectType('MenuSimpleView', { description: 'An enabled menu, for pickers' })
export class MenuSimpleView {
  @Field(() => Int64)
  id!: number;

  @Field(() => String)
  name!: string;

  @Field(() => Int64)
  parentId!: number;

  @Field(() => Int)
  type!: number;
}
