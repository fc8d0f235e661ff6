// One form field of a definition: its input and its rules (the server's bounds, so the refusal shows
// before the round trip; the server's own refusals are placed on the field by FormDialog).
import { ProFormDateTimePicker } from '@ant-design/pro-components';
import { Form, Input, InputNumber, Select, Tree, TreeSelect } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import type { FieldSpec } from '../resources/types';
import { useOptions, useTreeOptions } from './options';

function CheckTree({ value, onChange, treeData }: { value?: number[]; onChange?: (value: number[]) => void; treeData: NonNullable<ReturnType<typeof useTreeOptions>['data']> }) {
  return (
    <Tree
      checkable
      checkStrictly
      defaultExpandAll
      treeData={treeData}
      checkedKeys={value ?? []}
      onCheck={(checked) => onChange?.((Array.isArray(checked) ? checked : checked.checked).map(Number))}
      style={{ maxHeight: 400, overflow: 'auto' }}
    />
  );
}

// `tags` also takes values typed in that are not among the options.
const selectModes = { select: undefined, multiSelect: 'multiple', tags: 'tags' } as const;

/** What Form.Item hands its child: the value, its change handler and the element id. */
type ControlProps = { value?: never; onChange?: never; id?: string };

function Control({ field, scope, ...control }: { field: FieldSpec; scope: string } & ControlProps) {
  const options = useOptions([scope, field.name], field.options);
  const tree = useTreeOptions([scope, field.name], field.tree);
  switch (field.kind) {
    case 'password':
      // Selected on focus, so typing replaces a masked secret (******) rather than appending to it.
      return <Input.Password autoComplete="new-password" onFocus={(event) => event.target.select()} {...control} />;
    case 'textarea':
      return <Input.TextArea rows={3} {...control} />;
    case 'number':
      return <InputNumber style={{ width: '100%' }} {...control} />;
    case 'select':
    case 'multiSelect':
    case 'tags':
      return (
        <Select
          mode={selectModes[field.kind]}
          loading={options.isPending && field.options !== undefined}
          options={options.data?.map((option) => ({ ...option }))}
          allowClear
          showSearch
          optionFilterProp="label"
          {...control}
        />
      );
    case 'treeSelect':
      return <TreeSelect treeData={tree.data} loading={tree.isPending} allowClear treeDefaultExpandAll showSearch treeNodeFilterProp="title" {...control} />;
    case 'checkTree':
      return <CheckTreeField tree={tree.data} {...control} />;
    case 'text':
      return <Input {...control} />;
  }
}

function CheckTreeField({ tree, ...control }: { tree: ReturnType<typeof useTreeOptions>['data'] } & ControlProps) {
  return tree ? <CheckTree treeData={tree} {...control} /> : null;
}

export function FieldInput({ field, scope }: { field: FieldSpec; scope: string }) {
  const { t } = useTranslation();
  const label = t(field.label, field.labelParams);
  const rules: Rule[] = [];
  if (field.required) rules.push({ required: true, message: t('common.required', { field: label }) });
  if (field.max !== undefined) rules.push({ max: field.max, message: t('common.tooLong', { field: label, max: field.max }) });
  if (field.min !== undefined) rules.push({ min: field.min, message: t('common.tooShort', { field: label, min: field.min }) });
  // ProForm's own picker: it reads ISO strings and hands the dialog's dateFormatter what was picked.
  if (field.kind === 'dateTime') return <ProFormDateTimePicker name={field.name} label={label} rules={rules} initialValue={field.initialValue} width="md" />;
  return (
    <Form.Item name={field.name} label={label} rules={rules} initialValue={field.initialValue}>
      <Control field={field} scope={scope} />
    </Form.Item>
  );
}
