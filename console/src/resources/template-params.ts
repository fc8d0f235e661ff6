// A template's parameters in a send-test dialog: one field per name the template's content uses,
// gathered back into the send's templateParams.
import type { FieldSpec } from './types';

// Prefixed so a parameter named like the dialog's own fields (mobile, mail) stays apart.
const fieldName = (param: string) => `param.${param}`;

export const templateParamFields = (params: readonly string[]): FieldSpec[] =>
  params.map((param) => ({ name: fieldName(param), label: 'messaging.templateParam', labelParams: { name: param }, kind: 'text', required: true }));

export const templateParamValues = (params: readonly string[], values: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(params.map((param) => [param, values[fieldName(param)]]));
