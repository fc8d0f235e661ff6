import { execute } from '../api/client';
import { graphql } from '../gql';
import type { ConsoleMenuFieldsFragment, MenuSaveVo } from '../gql/graphql';
import { i18next } from '../i18n';
import { commonStatus, menuTree, yesNo } from './options';
import { defineResource, type Option } from './types';

// The catalogue is three levels deep (directory, menu, button); one more for a tenant's own nesting.
const MenuTreeDocument = graphql(`
  query ConsoleMenuTree {
    menuTree {
      ...ConsoleMenuFields
      children {
        ...ConsoleMenuFields
        children {
          ...ConsoleMenuFields
          children {
            ...ConsoleMenuFields
          }
        }
      }
    }
  }
  fragment ConsoleMenuFields on MenuTreeView {
    id
    parentId
    name
    type
    permission
    path
    icon
    component
    componentName
    sort
    status
    visible
    keepAlive
    alwaysShow
    createTime
  }
`);

const CreateMenuDocument = graphql(`
  mutation ConsoleCreateMenu($input: MenuSaveVO!) {
    createMenu(input: $input)
  }
`);

const UpdateMenuDocument = graphql(`
  mutation ConsoleUpdateMenu($input: MenuSaveVO!) {
    updateMenu(input: $input)
  }
`);

const DeleteMenuDocument = graphql(`
  mutation ConsoleDeleteMenu($id: Int64!) {
    deleteMenu(id: $id)
  }
`);

const menuTypes = (): readonly Option[] => [
  { value: 1, label: i18next.t('menus.directory') },
  { value: 2, label: i18next.t('menus.menu') },
  { value: 3, label: i18next.t('menus.button') },
];

type Node = { children?: readonly Node[] } & Record<string, unknown>;
const flatten = (nodes: readonly Node[]): Node[] => nodes.flatMap(({ children, ...node }) => [node, ...flatten(children ?? [])]);

const saveInput = (values: Record<string, unknown>) => ({ ...values, parentId: values.parentId ?? 0 }) as unknown as MenuSaveVo;

export default defineResource({
  component: 'system/menu/index',
  title: 'menus.title',
  permission: 'system:menu',
  tree: true,
  columns: [
    { field: 'name', title: 'common.name' },
    { field: 'type', title: 'menus.type', options: menuTypes },
    { field: 'permission', title: 'menus.permission' },
    { field: 'path', title: 'menus.path' },
    { field: 'component', title: 'menus.component' },
    { field: 'sort', title: 'common.sort' },
    { field: 'status', title: 'common.status', options: commonStatus },
  ],
  fields: [
    { name: 'parentId', label: 'menus.parent', kind: 'treeSelect', tree: menuTree },
    { name: 'type', label: 'menus.type', kind: 'select', required: true, options: menuTypes, initialValue: 2 },
    { name: 'name', label: 'common.name', kind: 'text', required: true, max: 50 },
    { name: 'permission', label: 'menus.permission', kind: 'text', max: 100 },
    { name: 'path', label: 'menus.path', kind: 'text', max: 200 },
    { name: 'icon', label: 'menus.icon', kind: 'text', max: 100 },
    { name: 'component', label: 'menus.component', kind: 'text', max: 200 },
    { name: 'sort', label: 'common.sort', kind: 'number', required: true, initialValue: 0 },
    { name: 'status', label: 'common.status', kind: 'select', required: true, options: commonStatus, initialValue: 0 },
    { name: 'visible', label: 'menus.visible', kind: 'select', options: yesNo, initialValue: true },
  ],
  list: async () => {
    const { menuTree: roots } = await execute(MenuTreeDocument);
    const rows = flatten(roots as readonly Node[]) as unknown as ConsoleMenuFieldsFragment[];
    return { rows, total: rows.length };
  },
  toForm: ({ parentId, type, name, permission, path, icon, component, sort, status, visible }) => ({
    parentId: parentId || undefined,
    type,
    name,
    permission,
    path,
    icon,
    component,
    sort,
    status,
    visible,
  }),
  create: (values) => execute(CreateMenuDocument, { input: saveInput(values) }),
  update: (row, values) => execute(UpdateMenuDocument, { input: saveInput({ ...values, id: row.id }) }),
  remove: (row) => execute(DeleteMenuDocument, { id: row.id }),
});
