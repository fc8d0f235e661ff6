// A form in a dialog for a definition's fields: create, update and the special actions. The server's
// refusal goes next to the field it names (extensions.fieldErrors), else above the form.
import { ModalForm } from '@ant-design/pro-components';
import { Alert, Form } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { refusalText } from '../api/refusal';
import type { FieldSpec } from '../resources/types';
import { FieldInput } from './FieldInput';

export interface FormDialogProps {
  title: string;
  scope: string;
  fields: readonly FieldSpec[];
  initialValues?: Record<string, unknown>;
  /** Starting values read from the server when the dialog opens (e.g. a user's current roles). */
  load?: () => Promise<Record<string, unknown>>;
  trigger: React.JSX.Element;
  submit: (values: Record<string, unknown>) => Promise<unknown>;
  /** After a save, with what it answered (a ShownOnce secret, say). */
  onDone: (answer: unknown) => void;
}

export function FormDialog({ title, scope, fields, initialValues, load, trigger, submit, onDone }: FormDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Record<string, unknown>>();
  // Prefixes the fields' element ids: a list's filter form on the same page has fields of the same names.
  const formName = `form${useId().replace(/\W/g, '')}`;
  const [refusal, setRefusal] = useState<string>();
  return (
    <ModalForm<Record<string, unknown>>
      title={title}
      form={form}
      name={formName}
      submitter={{ searchConfig: { submitText: t('common.ok'), resetText: t('common.cancel') } }}
      trigger={trigger}
      initialValues={initialValues}
      // Picked times go to the server as ISO instants.
      dateFormatter={(value) => value.toISOString()}
      modalProps={{ destroyOnHidden: true, onCancel: () => setRefusal(undefined) }}
      onOpenChange={(open) => {
        if (!open) return;
        // Each opening starts afresh: the form outlives the dialog, and kept the last entry's values.
        form.resetFields();
        if (load) load().then((values) => form.setFieldsValue(values as never), (error: unknown) => setRefusal(refusalText(error)));
      }}
      onFinish={async (values) => {
        setRefusal(undefined);
        let answer: unknown;
        try {
          answer = await submit(values);
        } catch (error) {
          const placed = error instanceof ApiError ? error.fieldErrors.filter((fieldError) => fields.some((field) => field.name === fieldError.field)) : [];
          if (placed.length > 0) form.setFields(placed.map((fieldError) => ({ name: fieldError.field, errors: [fieldError.message] })));
          else setRefusal(refusalText(error));
          return false;
        }
        onDone(answer);
        return true;
      }}
    >
      {refusal && <Alert type="error" showIcon message={refusal} style={{ marginBottom: 16 }} data-testid="form-refusal" />}
      {fields.map((field) => (
        <FieldInput key={field.name} field={field} scope={scope} />
      ))}
    </ModalForm>
  );
}
