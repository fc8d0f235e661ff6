import { execute } from '../api/client';
import { graphql } from '../gql';
import type { BasicRegionSaveReqVo, RegionSortField } from '../gql/graphql';
import { commonStatus, countryOptions, regionLevels } from './options';
import { defineResource, type ListQuery, pageInputOf } from './types';

const RegionPageDocument = graphql(`
  query ConsoleRegionPage($input: BasicRegionPageReqVO!) {
    regionPage(input: $input) {
      total
      list {
        id
        countryId
        name
        province
        regionCode
        postalCode
        sort
        status
        createTime
      }
    }
  }
`);

const CreateRegionDocument = graphql(`
  mutation ConsoleCreateRegion($input: BasicRegionSaveReqVO!) {
    createRegion(input: $input) {
      id
    }
  }
`);

const UpdateRegionDocument = graphql(`
  mutation ConsoleUpdateRegion($input: BasicRegionSaveReqVO!) {
    updateRegion(input: $input) {
      id
    }
  }
`);

const DeleteRegionDocument = graphql(`
  mutation ConsoleDeleteRegion($id: Int64!) {
    deleteRegion(id: $id)
  }
`);

const saveInput = (values: Record<string, unknown>) => values as unknown as BasicRegionSaveReqVo;

export default defineResource({
  component: 'basic/region/index',
  title: 'regions.title',
  permission: 'basic:region',
  columns: [
    { field: 'countryId', title: 'regions.country', filter: true, options: countryOptions },
    { field: 'name', title: 'common.name', filter: true, sortable: true },
    { field: 'province', title: 'regions.level', filter: true, options: regionLevels },
    { field: 'regionCode', title: 'regions.regionCode' },
    { field: 'postalCode', title: 'regions.postalCode' },
    { field: 'sort', title: 'common.sort', sortable: true },
    { field: 'status', title: 'common.status', filter: true, options: commonStatus },
    { field: 'createTime', title: 'common.createdAt', dateTime: true, sortable: true },
  ],
  fields: [
    { name: 'countryId', label: 'regions.country', kind: 'select', required: true, options: countryOptions },
    { name: 'name', label: 'common.name', kind: 'text', required: true, max: 100 },
    { name: 'province', label: 'regions.level', kind: 'select', required: true, options: regionLevels, initialValue: 1 },
    { name: 'regionCode', label: 'regions.regionCode', kind: 'text', max: 32 },
    { name: 'postalCode', label: 'regions.postalCode', kind: 'text', max: 20 },
    { name: 'sort', label: 'common.sort', kind: 'number', required: true, initialValue: 0 },
    { name: 'status', label: 'common.status', kind: 'select', required: true, options: commonStatus, initialValue: 0 },
  ],
  list: async (query: ListQuery) => {
    const { regionPage } = await execute(RegionPageDocument, { input: pageInputOf<RegionSortField>(query) });
    return { rows: regionPage.list, total: regionPage.total };
  },
  toForm: ({ countryId, name, province, regionCode, postalCode, sort, status }) => ({ countryId, name, province, regionCode, postalCode, sort, status }),
  create: (values) => execute(CreateRegionDocument, { input: saveInput(values) }),
  update: (row, values) => execute(UpdateRegionDocument, { input: saveInput({ ...values, id: row.id }) }),
  remove: (row) => execute(DeleteRegionDocument, { id: row.id }),
});
