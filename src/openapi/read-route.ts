// A partner read is served as GET with query parameters and as POST with the same fields in a JSON
// body (open-api.md conventions); both routes share one schema and one handler. A parameter the read
// does not know is refused by name on both, so a typo never silently widens a filter.
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import { ErrorCatalogue } from '../core/errors/catalogue';
import { refusal } from '../core/errors/reasons';
import { z } from '../core/validation';
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

interface JsonSchema {
  type?: string;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
}

/** What the query form needs to know of a read's fields: their names, which are integers and which arrays. */
interface ReadFields {
  names: ReadonlySet<string>;
  integers: ReadonlySet<string>;
  arrays: ReadonlySet<string>;
}

function readFields(params: z.ZodType): ReadFields {
  const properties = (z.toJSONSchema(params, { io: 'input', unrepresentable: 'any' }) as JsonSchema).properties ?? {};
  const hasType = (schema: JsonSchema, type: string): boolean => schema.type === type || (schema.anyOf ?? []).some((branch) => hasType(branch, type));
  const namesWith = (type: string) => new Set(Object.keys(properties).filter((name) => hasType(properties[name] as JsonSchema, type)));
  return { names: new Set(Object.keys(properties)), integers: namesWith('integer'), arrays: namesWith('array') };
}

/** 400 naming the first field the read does not know (with the array form open-api.md uses, for `name[]` or `name[0]`). */
function refuseUnknown(received: object, fields: ReadFields): void {
  const unknown = Object.keys(received).find((name) => !fields.names.has(name));
  if (unknown === undefined) return;
  const arrayName = /^(.+)\[\d*\]$/.exec(unknown)?.[1];
  const hint = arrayName !== undefined && fields.arrays.has(arrayName) ? `; repeat ${arrayName}=... for each value` : '';
  throw refusal(ErrorCatalogue.BAD_REQUEST, 'unknownParameter', { parameter: unknown, hint });
}

/** A query string as the JSON the schema describes: digits of integer fields as numbers, a single value of an array field as an array. */
function queryAsJson(query: Record<string, unknown>, fields: ReadFields): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(query).map(([name, value]) => {
      if (fields.integers.has(name) && typeof value === 'string' && /^-?\d+$/.test(value)) return [name, Number(value)];
      if (fields.arrays.has(name) && typeof value === 'string') return [name, [value]];
      return [name, value];
    }),
  );
}

export function registerRead<Params extends z.ZodType, Response extends z.ZodType>(app: FastifyInstance, route: ReadRoute<Params, Response>): void {
  const fields = readFields(route.params);
  const common = { summary: route.summary, description: route.description, tags: route.tags, response: { 200: route.response } };
  // The zod compilers validate and transform; the handler receives the parsed parameters.
  const getSchema: FastifySchema = { ...common, querystring: route.params };
  const postSchema: FastifySchema = { ...common, summary: `${route.summary} (POST form)`, body: route.params };
  app.get(
    route.url,
    {
      config: { scope: route.scope },
      schema: getSchema,
      preValidation: async (request) => {
        const query = request.query as Record<string, unknown>;
        refuseUnknown(query, fields);
        request.query = queryAsJson(query, fields);
      },
    },
    (request) => route.handler(request.query as z.output<Params>, request),
  );
  app.post(
    route.url,
    {
      config: { scope: route.scope },
      schema: postSchema,
      preValidation: async (request) => {
        if (typeof request.body === 'object' && request.body !== null && !Array.isArray(request.body)) refuseUnknown(request.body, fields);
      },
    },
    (request) => route.handler(request.body as z.output<Params>, request),
  );
}
