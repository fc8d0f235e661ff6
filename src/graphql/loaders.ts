// Per-request DataLoaders: a resolver asks for a loader by its definition and gets the one instance
// of this request, so a page of rows that each reach a related record costs one batched query.
// Nothing is shared between requests (no stale or foreign-tenant data across callers).
import DataLoader from 'dataloader';
import type { Core } from '../core/core';
import type { RequestContext } from '../core/request-context';

export interface LoaderScope {
  core: Core;
  ctx: RequestContext;
}

export interface LoaderDefinition<Key, Value> {
  name: string;
  /** Values in the order of `keys` (a Value that may be null says so: `DeptRecord | null`). */
  batch(keys: readonly Key[], scope: LoaderScope): Promise<Value[]>;
}

export function defineLoader<Key, Value>(name: string, batch: LoaderDefinition<Key, Value>['batch']): LoaderDefinition<Key, Value> {
  return { name, batch };
}

export class RequestLoaders {
  private readonly loaders = new Map<LoaderDefinition<unknown, unknown>, DataLoader<unknown, unknown>>();

  constructor(private readonly scope: LoaderScope) {}

  get<Key, Value>(definition: LoaderDefinition<Key, Value>): DataLoader<Key, Value> {
    let loader = this.loaders.get(definition as LoaderDefinition<unknown, unknown>);
    if (!loader) {
      loader = new DataLoader<Key, Value>((keys) => definition.batch(keys, this.scope), { name: definition.name }) as DataLoader<unknown, unknown>;
      this.loaders.set(definition as LoaderDefinition<unknown, unknown>, loader);
    }
    return loader as DataLoader<Key, Value>;
  }
}
