// Who is signed in: the tenant, menus, button permissions and the administrator, read once per
// session and language (the server names the seeded menus in the language asked for).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { execute } from '../api/client';
import { graphql } from '../gql';
import type { ConsoleMeQuery } from '../gql/graphql';
import { UNLISTED_SCREENS } from '../resources';

const MeDocument = graphql(`
  query ConsoleMe {
    me {
      permissions
      tenant {
        id
        name
      }
      user {
        id
        username
        nickname
      }
      menus {
        ...ConsoleMenu
        children {
          ...ConsoleMenu
          children {
            ...ConsoleMenu
          }
        }
      }
    }
  }
  fragment ConsoleMenu on MenuTreeView {
    id
    name
    path
    icon
    component
    visible
  }
`);

export type Me = ConsoleMeQuery['me'];

export const ME_QUERY_KEY = ['me'];

export function useMe() {
  const { i18n } = useTranslation();
  // The previous language's answer stays on screen while the menus are fetched in the new one.
  return useQuery({ queryKey: [...ME_QUERY_KEY, i18n.language], queryFn: async () => (await execute(MeDocument)).me, placeholderData: keepPreviousData });
}

export interface MenuRoute {
  /** The console path, e.g. /system/user. */
  path: string;
  name: string;
  component?: string;
  children?: MenuRoute[];
}

interface MenuNode {
  name: string;
  path?: string | null;
  component?: string | null;
  visible: boolean;
  children?: readonly MenuNode[];
}

const joinPath = (parent: string, path: string) => (path.startsWith('/') ? path : `${parent.replace(/\/$/, '')}/${path}`);

/** The menu tree as console routes: a directory's path prefixes its menus' (`/system` + `user`). */
export function menuRoutes(menus: readonly MenuNode[], parent = ''): MenuRoute[] {
  return menus
    .filter((menu) => menu.visible)
    .map((menu) => {
      const path = joinPath(parent, menu.path ?? '');
      const children = menu.children?.length ? menuRoutes(menu.children, path) : undefined;
      return { path, name: menu.name, component: menu.component ?? undefined, children };
    });
}

export function findRoute(routes: readonly MenuRoute[], path: string): MenuRoute | undefined {
  for (const route of routes) {
    if (route.path === path && route.component) return route;
    const found = route.children && findRoute(route.children, path);
    if (found) return found;
  }
  return undefined;
}

function routeOf(routes: readonly MenuRoute[], component: string): MenuRoute | undefined {
  for (const route of routes) {
    if (route.component === component) return route;
    const found = route.children && routeOf(route.children, component);
    if (found) return found;
  }
  return undefined;
}

/**
 * The screen a path opens: its menu's, else one of the screens no menu lists, whose parent menu (when
 * it has one) the administrator must have.
 */
export function screenAt(routes: readonly MenuRoute[], path: string): string | undefined {
  const menu = findRoute(routes, path);
  if (menu) return menu.component;
  return Object.entries(UNLISTED_SCREENS).find(([, screen]) => {
    const base = screen.parent === undefined ? '' : routeOf(routes, screen.parent)?.path;
    return base !== undefined && joinPath(base, screen.path) === path;
  })?.[0];
}
