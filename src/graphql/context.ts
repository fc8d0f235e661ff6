import type { Core } from '../core/core';
import type { RequestContext } from '../core/request-context';
import type { RequestLoaders } from './loaders';

/** What every resolver receives: the caller's context first, the core services, this request's loaders. */
export interface GraphQLContext {
  ctx: RequestContext;
  core: Core;
  loaders: RequestLoaders;
}
