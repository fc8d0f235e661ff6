// The generic screen of a resource definition: a ProTable of its list (filters, paging, sorting, or
// the whole tree), create/edit in a dialog, delete with confirmation, and its special actions, each
// button shown only with its permission.
import { PlusOutlined } from '@ant-design/icons';
import { type ActionType, type ProColumns, ProTable } from '@ant-design/pro-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Result, Space, Spin, Typography } from 'antd';
import { type Key, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { refusalText } from '../api/refusal';
import { screenLoader } from '../resources';
import { type ColumnSpec, Findings, type ListAction, type Option, type ResourceDefinition, type RowAction, ShownOnce } from '../resources/types';
import { FormDialog } from './FormDialog';
import { buildTree } from './tree';

type Row = { id: number; parentId?: number } & Record<string, unknown>;

function useDefinition(component: string) {
  return useQuery({
    queryKey: ['resource-definition', component],
    queryFn: async () => (await screenLoader(component)!()).default as unknown as ResourceDefinition<Row>,
    enabled: screenLoader(component) !== undefined,
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
  if (!screenLoader(component)) return <Result status="404" title={t('common.notFound')} />;
  if (!definition.data || !columnOptions.data) return <Spin />;
  return <ResourceTable definition={definition.data} options={columnOptions.data} permissions={new Set(permissions)} />;
}

/**
 * The filters a link set in the query string (`?dictType=sex`), of the columns that filter, typed as
 * the column's choices are (a number stays a number).
 */
function useLinkedFilters(columns: readonly ColumnSpec<Row>[], options: Record<string, readonly Option[]>) {
  const [params] = useSearchParams();
  return useMemo(() => {
    const filters: Record<string, unknown> = {};
    for (const column of columns) {
      const value = params.get(column.field);
      if (!column.filter || value === null) continue;
      filters[column.field] = options[column.field]?.find((choice) => String(choice.value) === value)?.value ?? value;
    }
    return filters;
  }, [columns, options, params]);
}

function ResourceTable({ definition, options, permissions }: { definition: ResourceDefinition<Row>; options: Record<string, readonly Option[]>; permissions: ReadonlySet<string> }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const location = useLocation();
  const table = useRef<ActionType>(undefined);
  // A tree shows every row: all its branches open (the table's own default applies to its first data only).
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  const linkedFilters = useLinkedFilters(definition.columns, options);
  // The filters of the rows shown, for the list's actions (the search form may have changed the linked ones).
  const shownFilters = useRef<Record<string, unknown>>(linkedFilters);
  const may = (button: string | undefined) => button === undefined || permissions.has(`${definition.permission}:${button}`);
  const reload = () => {
    void table.current?.reload();
    for (const queryKey of definition.invalidates ?? []) void queryClient.invalidateQueries({ queryKey });
  };
  const scope = definition.component;
  // A check's findings are shown and change nothing; a secret the server shows this once is shown to
  // copy now; anything else is just saved.
  const saved = (answer: unknown, doneMessage = 'common.saved') => {
    if (answer instanceof Findings) {
      modal.info({
        title: t(answer.title),
        content: (
          <div data-testid="findings">
            {answer.items.length > 0 ? answer.items.map((item) => <Typography.Text code key={item}>{item}</Typography.Text>) : t(answer.none)}
          </div>
        ),
        okText: t('common.ok'),
      });
      return;
    }
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

  /** Runs a change with no form (delete, mark read): its outcome as a message, the list read again. */
  const run = async (action: () => Promise<unknown>, doneMessage?: string) => {
    try {
      saved(await action(), doneMessage);
    } catch (error) {
      void message.error(refusalText(error));
    }
  };

  const actionButton = (row: Row, action: RowAction<Row>) =>
    action.fields ? (
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
    ) : (
      <a key={action.key} data-testid={`action-${action.key}`} onClick={() => void run(() => action.submit(row, {}), action.doneMessage)}>
        {t(action.label)}
      </a>
    );

  const listActionButton = (action: ListAction) =>
    action.fields ? (
      <FormDialog
        key={action.key}
        title={t(action.label)}
        scope={scope}
        fields={action.fields}
        trigger={<Button data-testid={`list-action-${action.key}`}>{t(action.label)}</Button>}
        submit={(values) => action.run(values, shownFilters.current)}
        onDone={saved}
      />
    ) : (
      <Button key={action.key} data-testid={`list-action-${action.key}`} onClick={() => void run(() => action.run({}, shownFilters.current))}>
        {t(action.label)}
      </Button>
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
      renderText: (value: unknown, row: Row) => {
        const text = column.shown ? row[column.shown] : value;
        return Array.isArray(text) ? text.join(', ') : text;
      },
    };
  });
  const rowActions = definition.actions?.filter((action) => may(action.permission)) ?? [];
  const links = definition.links ?? [];
  const editable = definition.update && may('update');
  const deletable = definition.remove && may('delete');
  if (editable || deletable || rowActions.length > 0 || links.length > 0) {
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
          {links.map((link) => (
            <Link key={link.key} to={`${location.pathname}/${link.to(row)}`} data-testid={`link-${link.key}`}>
              {t(link.label)}
            </Link>
          ))}
          {rowActions.filter((action) => !action.when || action.when(row)).map((action) => actionButton(row, action))}
          {deletable && !definition.protectedRow?.(row) && (
            <Popconfirm
              title={t('common.confirmDelete')}
              okText={t('common.yes')}
              cancelText={t('common.no')}
              onConfirm={() => run(() => definition.remove!(row), 'common.deleted')}
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
      form={{ initialValues: linkedFilters }}
      pagination={definition.tree ? false : { defaultPageSize: 10, showSizeChanger: true }}
      expandable={definition.tree ? { expandedRowKeys: expanded, onExpandedRowsChange: setExpanded } : undefined}
      onRequestError={(error) => void message.error(refusalText(error))}
      request={async (params, sort) => {
        const { current, pageSize, ...filters } = params;
        const set = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== ''));
        shownFilters.current = set;
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
      toolBarRender={() => [
        ...(definition.listActions ?? []).filter((action) => may(action.permission)).map(listActionButton),
        ...(definition.create && may('create')
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
                initialValues={linkedFilters}
                submit={definition.create}
                onDone={saved}
              />,
            ]
          : []),
      ]}
    />
  );
}
