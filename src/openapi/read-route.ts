// A partner read is served as GET with query parameters and as POST with the same fields in a JSON
// body (open-api.md conventions); both routes share one schema and one handler.
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import type { z } from 'zod';
import type { OpenApiScope } from '../core/oauth2/scopes';

export interface ReadRoute<Params extends z.ZodType, Response extends z.ZodType> {
  url: string;
  scope: OpenApiScope;
  summary: string;
  description?: string;
  tags: string[];
  params: Params;
  response: Response;
  handler: (params: z.output<Params>, request: FastifyRequest) => Promise<z.output<Response>>;
}

export function registerRead<Params extends z.ZodType, Response extends z.ZodType>(app: FastifyInstance, route: ReadRoute<Params, Response>): void {
  const common = { summary: route.summary, description: route.description, tags: route.tags, response: { 200: route.response } };
  // The zod compilers validate and transform; the handler receives the parsed parameters.
  const getSchema: FastifySchema = { ...common, querystring: route.params };
  const postSchema: FastifySchema = { ...common, summary: `${route.summary} (POST form)`, body: route.params };
  app.get(route.url, { config: { scope: route.scope }, schema: getSchema }, (request) => route.handler(request.query as z.output<Params>, request));
  app.post(route.url, { config: { scope: route.scope }, schema: postSchema }, (request) => route.handler(request.body as z.output<Params>, request));
}
