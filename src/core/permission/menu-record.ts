// A menu as services read it, and the columns that read selects: one list for the menu service and
// the permission service, which both load menus.
export interface MenuRecord {
  id: number;
  name: string;
  permission: string;
  type: number;
  sort: number;
  parentId: number;
  path: string | null;
  icon: string | null;
  component: string | null;
  componentName: string | null;
  status: number;
  visible: boolean;
  keepAlive: boolean;
  alwaysShow: boolean;
  createdAt: Date;
}

export interface MenuTreeRecord extends MenuRecord {
  children: MenuTreeRecord[];
}

export const MENU_FIELDS = {
  id: true,
  name: true,
  permission: true,
  type: true,
  sort: true,
  parentId: true,
  path: true,
  icon: true,
  component: true,
  componentName: true,
  status: true,
  visible: true,
  keepAlive: true,
  alwaysShow: true,
  createdAt: true,
} as const satisfies Record<keyof MenuRecord, true>;
