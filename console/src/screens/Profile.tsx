// The signed-in administrator's own profile and password.
import { useQueryClient } from '@tanstack/react-query';
import { App, Card, Col, Form, Row } from 'antd';
import { ProForm } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { ApiError, execute } from '../api/client';
import { graphql } from '../gql';
import { ME_QUERY_KEY, useMe } from '../layout/me';
import type { FieldSpec } from '../resources/types';
import { FieldInput } from './FieldInput';

const ProfileDocument = graphql(`
  query ConsoleProfile {
    userProfile {
      nickname
      email
      mobile
    }
  }
`);

const UpdateProfileDocument = graphql(`
  mutation ConsoleUpdateProfile($input: UserProfileUpdateReqVO!) {
    updateUserProfile(input: $input)
  }
`);

const UpdatePasswordDocument = graphql(`
  mutation ConsoleUpdateProfilePassword($input: UserProfileUpdatePasswordReqVO!) {
    updateUserProfilePassword(input: $input)
  }
`);

const PROFILE_FIELDS: readonly FieldSpec[] = [
  { name: 'nickname', label: 'profile.nickname', kind: 'text', required: true, max: 30 },
  { name: 'email', label: 'profile.email', kind: 'text', max: 50 },
  { name: 'mobile', label: 'profile.mobile', kind: 'text', max: 11 },
];

const PASSWORD_FIELDS: readonly FieldSpec[] = [
  { name: 'oldPassword', label: 'profile.oldPassword', kind: 'password', required: true },
  { name: 'newPassword', label: 'profile.newPassword', kind: 'password', required: true, min: 4, max: 128 },
];

/** A form's submit that reports the outcome: a toast when saved, the refusal on its field or as a toast. */
function useSave<V>(form: ReturnType<typeof Form.useForm<V>>[0], save: (values: V) => Promise<unknown>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return async (values: V) => {
    try {
      await save(values);
      void message.success(t('common.saved'));
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.length > 0) {
        form.setFields(error.fieldErrors.map((fieldError) => ({ name: fieldError.field as never, errors: [fieldError.message] })));
      } else void message.error(error instanceof Error ? error.message : String(error));
    }
  };
}

export default function Profile() {
  const { t } = useTranslation();
  const me = useMe();
  const queryClient = useQueryClient();
  const [profileForm] = Form.useForm<Record<string, unknown>>();
  const [passwordForm] = Form.useForm<{ oldPassword: string; newPassword: string }>();
  const saveProfile = useSave(profileForm, async (values) => {
    await execute(UpdateProfileDocument, { input: values as { nickname: string } });
    await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
  });
  const savePassword = useSave(passwordForm, async (values) => {
    await execute(UpdatePasswordDocument, { input: values });
    passwordForm.resetFields();
  });
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Card title={`${t('profile.title')}: ${me.data?.user.username ?? ''}`}>
          <ProForm form={profileForm} request={async () => (await execute(ProfileDocument)).userProfile} onFinish={saveProfile} submitter={{ searchConfig: { submitText: t('profile.save') }, resetButtonProps: false }}>
            {PROFILE_FIELDS.map((field) => (
              <FieldInput key={field.name} field={field} scope="profile" />
            ))}
          </ProForm>
        </Card>
      </Col>
      <Col xs={24} md={12}>
        <Card title={t('profile.changePassword')}>
          <ProForm form={passwordForm} onFinish={savePassword} submitter={{ searchConfig: { submitText: t('profile.save') }, resetButtonProps: false }}>
            {PASSWORD_FIELDS.map((field) => (
              <FieldInput key={field.name} field={field} scope="profile" />
            ))}
          </ProForm>
        </Card>
      </Col>
    </Row>
  );
}
