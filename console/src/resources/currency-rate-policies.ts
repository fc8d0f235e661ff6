import { execute } from '../api/client';
import { graphql } from '../gql';
import type { CurrencyRatePolicySaveReqVo, CurrencyRatePolicySortField } from '../gql/graphql';
import { countryCodeOptions, oneIsEnabled, ratePolicyTypes } from './options';
import { defineResource, type ListQuery, pageInputOf } from './types';

const CurrencyRatePolicyPageDocument = graphql(`
  query ConsoleCurrencyRatePolicyPage($input: CurrencyRatePolicyPageReqVO!) {
    currencyRatePolicyPage(input: $input) {
      total
      list {
        id
        policyType
        countryCode
        userId
        premiumRate
        status
        remark
        createTime
      }
    }
  }
`);

const CreateCurrencyRatePolicyDocument = graphql(`
  mutation ConsoleCreateCurrencyRatePolicy($input: CurrencyRatePolicySaveReqVO!) {
    createCurrencyRatePolicy(input: $input) {
      id
    }
  }
`);

const UpdateCurrencyRatePolicyDocument = graphql(`
  mutation ConsoleUpdateCurrencyRatePolicy($input: CurrencyRatePolicySaveReqVO!) {
    updateCurrencyRatePolicy(input: $input) {
      id
    }
  }
`);

const DeleteCurrencyRatePolicyDocument = graphql(`
  mutation ConsoleDeleteCurrencyRatePolicy($id: Int64!) {
    deleteCurrencyRatePolicy(id: $id)
  }
`);

// The country is asked of a policy by country (type 1) and the member of one by customer (type 2); the
// server refuses the other, so it is left out.
const saveInput = ({ countryCode, userId, ...values }: Record<string, unknown>) =>
  ({ ...values, ...(values.policyType === 1 ? { countryCode } : { userId }) }) as unknown as CurrencyRatePolicySaveReqVo;

export default defineResource({
  component: 'basic/currency-rate-policy/index',
  title: 'ratePolicies.title',
  permission: 'basic:currency-rate-policy',
  columns: [
    { field: 'policyType', title: 'ratePolicies.policyType', filter: true, options: ratePolicyTypes, sortable: true },
    { field: 'countryCode', title: 'ratePolicies.country', filter: true, options: countryCodeOptions },
    { field: 'userId', title: 'ratePolicies.member', filter: true },
    { field: 'premiumRate', title: 'ratePolicies.premiumRate' },
    { field: 'status', title: 'common.status', filter: true, options: oneIsEnabled, sortable: true },
    { field: 'remark', title: 'common.remark' },
    { field: 'createTime', title: 'common.createdAt', dateTime: true, sortable: true },
  ],
  fields: [
    { name: 'policyType', label: 'ratePolicies.policyType', kind: 'select', required: true, options: ratePolicyTypes, initialValue: 1 },
    { name: 'countryCode', label: 'ratePolicies.country', kind: 'select', options: countryCodeOptions },
    { name: 'userId', label: 'ratePolicies.member', kind: 'number' },
    { name: 'premiumRate', label: 'ratePolicies.premiumRate', kind: 'number', required: true, initialValue: 0 },
    { name: 'status', label: 'common.status', kind: 'select', required: true, options: oneIsEnabled, initialValue: 1 },
    { name: 'remark', label: 'common.remark', kind: 'textarea', max: 500 },
  ],
  list: async (query: ListQuery) => {
    const { currencyRatePolicyPage } = await execute(CurrencyRatePolicyPageDocument, { input: pageInputOf<CurrencyRatePolicySortField>(query) });
    return { rows: currencyRatePolicyPage.list, total: currencyRatePolicyPage.total };
  },
  toForm: ({ policyType, countryCode, userId, premiumRate, status, remark }) => ({ policyType, countryCode, userId, premiumRate, status, remark }),
  create: (values) => execute(CreateCurrencyRatePolicyDocument, { input: saveInput(values) }),
  update: (row, values) => execute(UpdateCurrencyRatePolicyDocument, { input: saveInput({ ...values, id: row.id }) }),
  remove: (row) => execute(DeleteCurrencyRatePolicyDocument, { id: row.id }),
});
