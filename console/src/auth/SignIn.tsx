import { Alert, Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, executeAnonymous } from '../api/client';
import { graphql } from '../gql';
import { LanguageSwitch } from '../i18n/LanguageSwitch';
import { session } from './session';

const LoginDocument = graphql(`
  mutation ConsoleLogin($tenant: String!, $username: String!, $password: String!) {
    login(tenant: $tenant, username: $username, password: $password) {
      ...ConsoleSessionTokens
    }
  }
`);

interface Credentials {
  tenant: string;
  username: string;
  password: string;
}

const LAST_TENANT_KEY = 'openbuy.console.tenant';

export function SignIn() {
  const { t } = useTranslation();
  const [refusal, setRefusal] = useState<string>();
  const [pending, setPending] = useState(false);

  async function signIn(credentials: Credentials) {
    setPending(true);
    setRefusal(undefined);
    try {
      const { login } = await executeAnonymous(LoginDocument, credentials);
      localStorage.setItem(LAST_TENANT_KEY, credentials.tenant);
      session.start(login);
    } catch (error) {
      // A limit's refusal (429) says so and when to try again; any other is the server's message.
      const message = error instanceof Error ? error.message : String(error);
      setRefusal(error instanceof ApiError && error.status === 429 ? t('signIn.limited', { message }) : message);
    } finally {
      setPending(false);
    }
  }

  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#f0f2f5' }}>
      <Card title={t('signIn.title')} extra={<LanguageSwitch />} style={{ width: 400 }}>
        {refusal && <Alert type="error" message={refusal} showIcon style={{ marginBottom: 16 }} data-testid="sign-in-refusal" />}
        <Form<Credentials> layout="vertical" onFinish={signIn} initialValues={{ tenant: localStorage.getItem(LAST_TENANT_KEY) ?? '' }}>
          <Form.Item name="tenant" label={t('signIn.tenant')} rules={[{ required: true, message: t('common.required', { field: t('signIn.tenant') }) }]}>
            <Input autoComplete="organization" />
          </Form.Item>
          <Form.Item name="username" label={t('signIn.username')} rules={[{ required: true, message: t('common.required', { field: t('signIn.username') }) }]}>
            <Input autoComplete="username" />
          </Form.Item>
          <Form.Item name="password" label={t('signIn.password')} rules={[{ required: true, message: t('common.required', { field: t('signIn.password') }) }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={pending}>
            {t('signIn.submit')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
