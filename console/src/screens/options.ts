import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Option, OptionSource, TreeOption } from '../resources/types';
import { buildTree } from './tree';

/** An option source's choices, loaded once per screen and language (labels are translated). */
export function useOptions(key: readonly string[], source: OptionSource | undefined) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['options', ...key, i18n.language],
    queryFn: async (): Promise<readonly Option[]> => (typeof source === 'function' ? source() : (source ?? [])),
    enabled: source !== undefined,
    staleTime: 60_000,
  });
}

export interface TreeNode {
  value: number;
  title: string;
  key: number;
  children?: TreeNode[];
}

const toTreeNodes = (nodes: ReturnType<typeof buildTree<TreeOption>>): TreeNode[] =>
  nodes.map((node) => ({ value: node.id, key: node.id, title: node.label, children: node.children && toTreeNodes(node.children) }));

export function useTreeOptions(key: readonly string[], source: (() => Promise<readonly TreeOption[]>) | undefined) {
  return useQuery({
    queryKey: ['tree-options', ...key],
    queryFn: async () => toTreeNodes(buildTree(source ? await source() : [])),
    enabled: source !== undefined,
    staleTime: 60_000,
  });
}
