import { execute } from '../api/client';
import { graphql } from '../gql';
import type { BasicCountrySaveReqVo, CountrySortField } from '../gql/graphql';
import { commonStatus } from './options';
import { defineResource, type ListQuery, pageInputOf } from './types';

const CountryPageDocument = graphql(`
  query ConsoleCountryPage($input: BasicCountryPageReqVO!) {
    countryPage(input: $input) {
      total
      list {
        id
        enName
        localName
        enShortName
        areaId
        callingCode
        sort
        status
        createTime
      }
    }
  }
`);

const CreateCountryDocument = graphql(`
  mutation ConsoleCreateCountry($input: BasicCountrySaveReqVO!) {
    createCountry(input: $input) {
      id
    }
  }
`);

const UpdateCountryDocument = graphql(`
  mutation ConsoleUpdateCountry($input: BasicCountrySaveReqVO!) {
    updateCountry(input: $input) {
      id
    }
  }
`);

const DeleteCountryDocument = graphql(`
  mutation ConsoleDeleteCountry($id: Int64!) {
    deleteCountry(id: $id)
  }
`);

export default defineResource({
  component: 'basic/country/index',
  title: 'countries.title',
  permission: 'basic:country',
  columns: [
    { field: 'enName', title: 'countries.enName', filter: true, sortable: true },
    { field: 'localName', title: 'countries.localName', filter: true },
    { field: 'enShortName', title: 'countries.code', filter: true, sortable: true },
    { field: 'areaId', title: 'countries.areaId' },
    { field: 'callingCode', title: 'countries.callingCode' },
    { field: 'sort', title: 'common.sort', sortable: true },
    { field: 'status', title: 'common.status', filter: true, options: commonStatus },
  ],
  fields: [
    { name: 'enName', label: 'countries.enName', kind: 'text', required: true, max: 100 },
    { name: 'localName', label: 'countries.localName', kind: 'text', required: true, max: 100 },
    { name: 'enShortName', label: 'countries.code', kind: 'text', required: true, min: 2, max: 2 },
    { name: 'areaId', label: 'countries.areaId', kind: 'text', required: true, max: 20 },
    { name: 'sort', label: 'common.sort', kind: 'number', required: true, initialValue: 0 },
    { name: 'status', label: 'common.status', kind: 'select', required: true, options: commonStatus, initialValue: 0 },
  ],
  list: async (query: ListQuery) => {
    const { countryPage } = await execute(CountryPageDocument, { input: pageInputOf<CountrySortField>(query) });
    return { rows: countryPage.list, total: countryPage.total };
  },
  toForm: ({ enName, localName, enShortName, areaId, sort, status }) => ({ enName, localName, enShortName, areaId, sort, status }),
  create: (values: BasicCountrySaveReqVo) => execute(CreateCountryDocument, { input: values }),
  update: (row, values) => execute(UpdateCountryDocument, { input: { ...values, id: row.id } }),
  remove: (row) => execute(DeleteCountryDocument, { id: row.id }),
});
