import type { FastifyRequest } from 'fastify';
import { ErrorCatalogue } from '../core/errors/catalogue';
import { ServiceError } from '../core/errors/service-error';

/** The optional `tenant-id` header as a tenant id; 400 naming the header when it is not one. */
export function tenantIdHeader(request: FastifyRequest): number | undefined {
  const value = request.headers['tenant-id'];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^[1-9]\d{0,9}$/.test(value)) {
    throw new ServiceError(ErrorCatalogue.BAD_REQUEST, { reason: 'tenant-id: must be a positive integer' });
  }
  return Number(value);
}
