import { execute } from '../api/client';
import { graphql } from '../gql';
import type { MenuSaveVo } from '../gql/graphql';
import { i18next } from '../i18n';
import { commonStatus, menuTree, yesNo } from './options';
import { defineResource, type ListQuery, type Option } from './types';

// Every menu, enabled or not, flat (the whole tree at every field would pass the query cost limit):
// the screen builds the tree.
const MenuListDocument = graphql(`
  query ConsoleMenuList($name: String, $status: Int) {
    menuList(name: $name, status: $status) {
      id
      parentId
      type
      name
      localizedName
      permission
      path
      icon
      component
      sort
      status
      visible
    }
  }
`);

const CreateMenuDocument = graphql(`
  mutation ConsoleCreateMenu($input: MenuSaveVO!) {
    createMenu(input: $input) {
      id
    }
  }
`);

const UpdateMenuDocument = graphql(`
  mutation ConsoleUpdateMenu($input: MenuSaveVO!) {
    updateMenu(input: $input) {
      id
    }
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

/** The form leaves the parent empty for a top-level menu, which the input names as parent 0. */
type MenuForm = Omit<MenuSaveVo, 'parentId'> & { parentId?: MenuSaveVo['parentId'] };
const saveInput = (values: MenuForm): MenuSaveVo => ({ ...values, parentId: values.parentId ?? 0 });

export default defineResource({
  component: 'system/menu/index',
  title: 'menus.title',
  permission: 'system:menu',
  tree: true,
  columns: [
    // The seeded names in the chosen language; the filter matches the stored name, as the form edits it.
    { field: 'name', shown: 'localizedName', title: 'common.name', filter: true },
    { field: 'type', title: 'menus.type', options: menuTypes },
    { field: 'permission', title: 'menus.permission' },
    { field: 'path', title: 'menus.path' },
    { field: 'sort', title: 'common.sort' },
    { field: 'status', title: 'common.status', filter: true, options: commonStatus },
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
  list: async ({ filters }: ListQuery) => {
    const { menuList } = await execute(MenuListDocument, filters);
    return { rows: menuList, total: menuList.length };
  },
  toForm: ({ id: _id, localizedName: _localizedName, parentId, ...menu }) => ({ ...menu, parentId: parentId || undefined }),
  create: (values: MenuForm) => execute(CreateMenuDocument, { input: saveInput(values) }),
  update: (row, values) => execute(UpdateMenuDocument, { input: saveInput({ ...values, id: row.id }) }),
  remove: (row) => execute(DeleteMenuDocument, { id: row.id }),
});
