import { execute } from '../api/client';
import { graphql } from '../gql';
import type { BasicCurrencySaveReqVo, CurrencySortField } from '../gql/graphql';
import { oneIsEnabled, oneIsYes } from './options';
import { defineResource, type ListQuery, pageInputOf } from './types';

const CurrencyPageDocument = graphql(`
  query ConsoleCurrencyPage($input: BasicCurrencyPageReqVO!) {
    currencyPage(input: $input) {
      total
      list {
        id
        name
        abbreviationCode
        symbol
        exchangeRate
        sort
        showStatus
        status
        createTime
      }
    }
  }
`);

const CreateCurrencyDocument = graphql(`
  mutation ConsoleCreateCurrency($input: BasicCurrencySaveReqVO!) {
    createCurrency(input: $input) {
      id
    }
  }
`);

const UpdateCurrencyDocument = graphql(`
  mutation ConsoleUpdateCurrency($input: BasicCurrencySaveReqVO!) {
    updateCurrency(input: $input) {
      id
    }
  }
`);

const DeleteCurrencyDocument = graphql(`
  mutation ConsoleDeleteCurrency($id: Int64!) {
    deleteCurrency(id: $id)
  }
`);

export default defineResource({
  component: 'basic/currency/index',
  title: 'currencies.title',
  permission: 'basic:currency',
  columns: [
    { field: 'name', title: 'common.name', filter: true, sortable: true },
    { field: 'abbreviationCode', title: 'common.code', filter: true, sortable: true },
    { field: 'symbol', title: 'currencies.symbol' },
    { field: 'exchangeRate', title: 'currencies.exchangeRate' },
    { field: 'sort', title: 'common.sort', sortable: true },
    { field: 'showStatus', title: 'currencies.shown', filter: true, options: oneIsYes },
    { field: 'status', title: 'common.status', filter: true, options: oneIsEnabled, sortable: true },
  ],
  fields: [
    { name: 'name', label: 'common.name', kind: 'text', required: true, max: 50 },
    { name: 'abbreviationCode', label: 'common.code', kind: 'text', required: true, min: 3, max: 3 },
    { name: 'symbol', label: 'currencies.symbol', kind: 'text', max: 10 },
    { name: 'exchangeRate', label: 'currencies.exchangeRate', kind: 'number', required: true },
    { name: 'sort', label: 'common.sort', kind: 'number', initialValue: 1 },
    { name: 'showStatus', label: 'currencies.shown', kind: 'select', options: oneIsYes, initialValue: 1 },
    { name: 'status', label: 'common.status', kind: 'select', options: oneIsEnabled, initialValue: 1 },
  ],
  list: async (query: ListQuery) => {
    const { currencyPage } = await execute(CurrencyPageDocument, { input: pageInputOf<CurrencySortField>(query) });
    return { rows: currencyPage.list, total: currencyPage.total };
  },
  toForm: ({ name, abbreviationCode, symbol, exchangeRate, sort, showStatus, status }) => ({ name, abbreviationCode, symbol, exchangeRate, sort, showStatus, status }),
  create: (values: BasicCurrencySaveReqVo) => execute(CreateCurrencyDocument, { input: values }),
  update: (row, values) => execute(UpdateCurrencyDocument, { input: { ...values, id: row.id } }),
  remove: (row) => execute(DeleteCurrencyDocument, { id: row.id }),
});
