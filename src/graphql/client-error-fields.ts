// The input fields named by GraphQL's own refusals of a request (variable coercion, literal
// validation), so that they reach a form in the same `fieldErrors` shape as the service's own
// validation errors: paths inside the argument's input (`name`, `items[0].qty`), "required" for a
// missing field as zod says it (src/core/validation-messages.ts); a value GraphQL's types refuse
// keeps GraphQL's message.
import type { FieldError } from '../core/errors/service-error';
import { fieldText } from '../core/validation-messages';

const required = (field: string): FieldError => ({ field, code: 'required', params: {}, message: fieldText('required') });

// Variable "$input" got invalid value {...} at "input.items[0]"; <reason>
const VARIABLE_INVALID = /^Variable "\$(\w+)" got invalid value .*?(?: at "\1((?:\.\w+|\[\d+\])*)")?; (.*)$/s;
// Variable "$input" of required type "X!" was not provided.
const VARIABLE_MISSING = /^Variable "\$(\w+)" of required type ".*" was not provided\.$/s;
// Field "name" of required type "String!" was not provided.  (literal: Field "Type.name" ...)
const FIELD_MISSING = /^Field "(?:\w+\.)?(\w+)" of required type ".*" was not provided\.$/s;
// Field "x" is not defined by type "T".
const FIELD_UNKNOWN = /^Field "(\w+)" is not defined by type "\w+"\./s;
// Field "post" argument "id" of type "Int64!" is required, but it was not provided.
const ARGUMENT_MISSING = /^Field "\w+" argument "(\w+)" of type ".*" is required, but it was not provided\.$/s;

function joined(base: string, name: string): string {
  return base ? `${base}.${name}` : name;
}

/** The fields a GraphQL validation or variable error refuses; none when it names no input field. */
export function clientErrorFields(message: string): FieldError[] {
  const invalid = VARIABLE_INVALID.exec(message);
  if (invalid) {
    const [, variable, at = '', reason = ''] = invalid;
    const base = at.replace(/^\./, '');
    const missing = FIELD_MISSING.exec(reason);
    if (missing) return [required(joined(base, missing[1]!))];
    const unknown = FIELD_UNKNOWN.exec(reason);
    if (unknown) return [{ field: joined(base, unknown[1]!), code: 'unknownField', params: {}, message: fieldText('unknownField') }];
    return [{ field: base || variable!, code: 'invalid_type', params: {}, message: reason }];
  }
  const field = VARIABLE_MISSING.exec(message)?.[1] ?? FIELD_MISSING.exec(message)?.[1] ?? ARGUMENT_MISSING.exec(message)?.[1];
  return field ? [required(field)] : [];
}
