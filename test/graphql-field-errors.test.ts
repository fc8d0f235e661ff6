// Every /graphql error in one shape a form can use: extensions {code, name, params, fieldErrors},
// whether the service refused the input (validation, a field-bound business rule) or GraphQL did
// (a missing variable field, a missing argument, a value of the wrong type).
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { graphql, unique } from './support/admin';
import { type SignedInAdmin, signedInAdmin } from './support/admin-org';
import { useTestApp } from './support/app';

const test = useTestApp('graphql_field_errors');

const CREATE_POST = 'mutation($input: PostSaveReqVO!) { createPost(input: $input) { id } }';
const post = (overrides: Record<string, unknown> = {}) => ({ name: 'Engineer', code: unique('eng-'), sort: 1, status: 0, ...overrides });
let admin: SignedInAdmin;

beforeAll(async () => {
  admin = await signedInAdmin(test.core, { permissions: ['system:post:create', 'system:post:query'] });
});

const firstError = async (query: string, variables: Record<string, unknown> = {}) => {
  const answer = await graphql(test.app, query, { token: admin.token, variables });
  expect(answer.errors, JSON.stringify(answer.data)).toHaveLength(1);
  return answer.errors![0]!;
};

describe('field errors', () => {
  it('lists every field the service validation refuses', async () => {
    const error = await firstError(CREATE_POST, { input: post({ name: '', code: 'c'.repeat(65) }) });
    expect(error.extensions).toMatchObject({ code: 400, name: 'BAD_REQUEST' });
    expect(error.extensions.fieldErrors!.map(({ field }) => field).sort()).toEqual(['code', 'name']);
    expect(error.extensions.fieldErrors!.every(({ message }) => message.length > 0)).toBe(true);
  });

  it('names the field of a field-bound business refusal, with the message parameters', async () => {
    const code = unique('dup-');
    expect((await graphql(test.app, CREATE_POST, { token: admin.token, variables: { input: post({ code }) } })).errors).toBeUndefined();
    const error = await firstError(CREATE_POST, { input: post({ code }) });
    expect(error.extensions).toMatchObject({
      code: ErrorCatalogue.POST_CODE_EXISTS.code,
      name: 'POST_CODE_EXISTS',
      params: { code },
      fieldErrors: [{ field: 'code', message: error.message }],
    });
  });

  it('maps a missing field of an input variable to bad input naming that field as required', async () => {
    const { name: _name, ...withoutName } = post();
    const error = await firstError(CREATE_POST, { input: withoutName });
    expect(error.extensions).toMatchObject({ code: 400, name: 'BAD_REQUEST', fieldErrors: [{ field: 'name', message: 'required' }] });
  });

  it('maps a value of the wrong type inside an input variable to its field', async () => {
    const error = await firstError(CREATE_POST, { input: post({ sort: 'first' }) });
    expect(error.extensions).toMatchObject({ code: 400, name: 'BAD_REQUEST', fieldErrors: [{ field: 'sort' }] });
  });

  it('maps a missing argument and a missing variable to their names', async () => {
    const missingArgument = await firstError('{ post { id } }');
    expect(missingArgument.extensions).toMatchObject({ code: 400, fieldErrors: [{ field: 'id', message: 'required' }] });
    const missingVariable = await firstError('query($id: Int64!) { post(id: $id) { id } }');
    expect(missingVariable.extensions).toMatchObject({ code: 400, fieldErrors: [{ field: 'id', message: 'required' }] });
  });

  it('names no field when the request is wrong as a whole', async () => {
    const error = await firstError('{ noSuchField }');
    expect(error.extensions).toMatchObject({ code: 400, name: 'BAD_REQUEST', params: { reason: error.message }, fieldErrors: [] });
  });
});
