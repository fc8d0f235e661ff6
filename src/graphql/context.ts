import type { Core } from '../core/core';
import type { RequestContext } from '../core/request-context';

/** What every resolver receives: the caller's context first, then the core services. */
export interface GraphQLContext {
  ctx: RequestContext;
  core: Core;
}
