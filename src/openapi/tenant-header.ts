import type { FastifyRequest } from 'fastify';
import { ErrorCatalogue } from '../core/errors/catalogue';
import { refusal } from '../core/errors/reasons';

/** The optional `tenant-id` header as a tenant id; 400 naming the header when it is not one. */
export function tenantIdHeader(request: FastifyRequest): number | undefined {
  const value = request.headers['tenant-id'];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^[1-9]\d{0,9}$/.test(value)) {
    throw refusal(ErrorCatalogue.BAD_REQUEST, 'tenantIdHeader');
  }
  return Number(value);
}
