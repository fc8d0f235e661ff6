// The one shape of every /graphql error's extensions, so a console reads each error the same way:
// the numeric code, its catalogue name, the message's parameters and the refused fields, besides
// the HTTP status and detail the REST envelope carries too.
import type { ErrorDescription } from '../core/errors/describe-error';

export function errorExtensions(description: ErrorDescription) {
  const { code, name, params, fieldErrors, httpStatus, detail } = description;
  return { code, name, params, fieldErrors, httpStatus, detail };
}
