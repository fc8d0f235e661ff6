// The generic screen of a resource definition: a ProTable of its list (filters, paging, sorting, or
// the whole tree), create/edit in a dialog, delete with confirmation, and its special actions, each
// button shown only with its permission.
import { PlusOutlined } from '@ant-design/icons';
import { type ActionType, type ProColumns, ProTable } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Popconfirm, Result, Space, Spin, Typography } from 'antd';
import { type Key, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESOURCES } from '../resources';
import { type ColumnSpec, type Option, type ResourceDefinition, type RowAction, ShownOnce } from '../resources/types';
import { FormDialog } from './FormDialog';
import { buildTree } from './tree';

type Row = { id: number; parentId?: number } & Record<string, unknown>;

function useDefinition(component: string) {
  return useQuery({
    queryKey: ['resource-definition', component],
    queryFn: async () => (await RESOURCES[component]!()).default as unknown as ResourceDefinition<Row>,
    enabled: component in RESOURCES,
    staleTime: Infinity,
  });
}

/** The choices of every column that has some, resolved before the table renders. */
function useColumnOptions(component: string, columns: readonly ColumnSpec<Row>[] | undefined) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['column-options', component, i18n.language],
    queryFn: async () => {
      const entries = await Promise.all(
        (columns ?? []).filter((column) => column.options).map(async (column) => {
          const source = column.options!;
          return [column.field, typeof source === 'function' ? await source() : source] as const;
        }),
      );
      return Object.fromEntries(entries) as Record<string, readonly Option[]>;
    },
    enabled: columns !== undefined,
  });
}

export default function ResourceScreen({ component, permissions }: { component: string; permissions: readonly string[] }) {
  const { t } = useTranslation();
  const definition = useDefinition(component);
  const columnOptions = useColumnOptions(component, definition.data?.columns);
  if (!(component in RESOURCES)) return <Result status="404" title={t('common.notFound')} />;
  if (!definition.data || !columnOptions.data) return <Spin />;
  return <ResourceTable definition={definition.data} options={columnOptions.data} permissions={new Set(permissions)} />;
}

function ResourceTable({ definition, options, permissions }: { definition: ResourceDefinition<Row>; options: Record<string, readonly Option[]>; permissions: ReadonlySet<string> }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const table = useRef<ActionType>(undefined);
  // A tree shows every row: all its branches open (the table's own default applies to its first data only).
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  const may = (button: string) => permissions.has(`${definition.permission}:${button}`);
  const reload = () => void table.current?.reload();
  const scope = definition.component;
  // A secret the server shows this once is shown to copy now; anything else is just saved.
  const saved = (answer: unknown, doneMessage = 'common.saved') => {
    if (answer instanceof ShownOnce) {
      modal.success({
        title: t('common.shownOnce'),
        content: (
          <div data-testid="shown-once">
            <Typography.Text type="secondary">{t(answer.label)}</Typography.Text>
            <Typography.Paragraph copyable code data-testid="shown-once-value">
              {answer.value}
            </Typography.Paragraph>
          </div>
        ),
        okText: t('common.ok'),
      });
    } else void message.success(t(doneMessage));
    reload();
  };

  const actionButton = (row: Row, action: RowAction<Row>) => (
    <FormDialog
      key={action.key}
      title={t(action.label)}
      scope={scope}
      fields={typeof action.fields === 'function' ? action.fields(row) : action.fields}
      trigger={<a data-testid={`action-${action.key}`}>{t(action.label)}</a>}
      load={action.load && (() => action.load!(row))}
      submit={async (values) => action.submit(row, values)}
      onDone={(answer) => saved(answer, action.doneMessage)}
    />
  );

  const columns: ProColumns<Row>[] = definition.columns.map((column) => {
    const choices = options[column.field];
    return {
      title: t(column.title),
      dataIndex: column.field,
      hideInSearch: !column.filter,
      sorter: column.sortable,
      valueType: column.dateTime ? 'dateTime' : choices ? 'select' : 'text',
      valueEnum: choices && new Map(choices.map((choice) => [choice.value, { text: choice.label }])),
      // A list value (grant types, event types) as one line; a text cell shows nothing for an array.
      renderText: (value: unknown) => (Array.isArray(value) ? value.join(', ') : value),
    };
  });
  const rowActions = definition.actions?.filter((action) => may(action.permission)) ?? [];
  const editable = definition.update && may('update');
  const deletable = definition.remove && may('delete');
  if (editable || deletable || rowActions.length > 0) {
    columns.push({
      title: t('common.actions'),
      valueType: 'option',
      key: 'actions',
      render: (_, row) => (
        <Space size="small" wrap>
          {editable && !definition.protectedRow?.(row) && (
            <FormDialog
              title={t('common.edit')}
              scope={scope}
              fields={definition.fields.filter((field) => !field.createOnly)}
              initialValues={definition.toForm ? definition.toForm(row) : row}
              load={definition.loadForm && (() => definition.loadForm!(row))}
              trigger={<a data-testid="row-edit">{t('common.edit')}</a>}
              submit={(values) => definition.update!(row, values)}
              onDone={saved}
            />
          )}
          {rowActions.map((action) => actionButton(row, action))}
          {deletable && !definition.protectedRow?.(row) && (
            <Popconfirm
              title={t('common.confirmDelete')}
              okText={t('common.yes')}
              cancelText={t('common.no')}
              onConfirm={async () => {
                try {
                  await definition.remove!(row);
                  void message.success(t('common.deleted'));
                  reload();
                } catch (error) {
                  void message.error(error instanceof Error ? error.message : String(error));
                }
              }}
            >
              <a data-testid="row-delete">{t('common.delete')}</a>
            </Popconfirm>
          )}
        </Space>
      ),
    });
  }

  return (
    <ProTable<Row>
      headerTitle={t(definition.title)}
      rowKey="id"
      actionRef={table}
      columns={columns}
      search={definition.columns.some((column) => column.filter) ? { labelWidth: 'auto' } : false}
      pagination={definition.tree ? false : { defaultPageSize: 10, showSizeChanger: true }}
      expandable={definition.tree ? { expandedRowKeys: expanded, onExpandedRowsChange: setExpanded } : undefined}
      onRequestError={(error) => void message.error(error.message)}
      request={async (params, sort) => {
        const { current, pageSize, ...filters } = params;
        const set = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== ''));
        const [sortField, order] = Object.entries(sort ?? {})[0] ?? [];
        const { rows, total } = await definition.list({
          pageNo: current ?? 1,
          pageSize: pageSize ?? 10,
          filters: set,
          sort: sortField && order ? { field: sortField, descending: order === 'descend' } : undefined,
        });
        if (!definition.tree) return { data: [...rows], total, success: true };
        const parents = new Set(rows.map((row) => row.parentId));
        setExpanded(rows.filter((row) => parents.has(row.id)).map((row) => row.id));
        return { data: buildTree(rows.map((row) => ({ ...row, parentId: row.parentId ?? 0 }))), total, success: true };
      }}
      toolBarRender={() =>
        definition.create && may('create')
          ? [
              <FormDialog
                key="create"
                title={t('common.create')}
                scope={scope}
                fields={definition.fields}
                trigger={
                  <Button type="primary" icon={<PlusOutlined />} data-testid="create">
                    {t('common.create')}
                  </Button>
                }
                submit={definition.create}
                onDone={saved}
              />,
            ]
          : []
      }
    />
  );
}
