import { Alert, Button, Card, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, executeAnonymous } from '../api/client';
import { refusalText } from '../api/refusal';
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

/** Whole seconds left until `until` (epoch ms), ticking each second; 0 once passed or when unset. */
function useSecondsLeft(until: number | undefined): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (until === undefined) return;
    setNow(Date.now());
    const timer = setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= until) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return until === undefined ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}

export function SignIn() {
  const { t } = useTranslation();
  // The refusal itself, worded at each render: a language switch words it again.
  const [refusal, setRefusal] = useState<unknown>();
  // The sign-in limit's refusal counts its retryAfterSeconds down, and goes when they are over.
  const [limitedUntil, setLimitedUntil] = useState<number>();
  const secondsLeft = useSecondsLeft(limitedUntil);
  const [pending, setPending] = useState(false);

  async function signIn(credentials: Credentials) {
    setPending(true);
    setRefusal(undefined);
    setLimitedUntil(undefined);
    try {
      const { login } = await executeAnonymous(LoginDocument, credentials);
      localStorage.setItem(LAST_TENANT_KEY, credentials.tenant);
      session.start(login);
    } catch (error) {
      const retryAfterSeconds = error instanceof ApiError && error.codeName === 'AUTH_LOGIN_RATE_LIMITED' ? error.params.retryAfterSeconds : undefined;
      if (typeof retryAfterSeconds === 'number') setLimitedUntil(Date.now() + retryAfterSeconds * 1000);
      setRefusal(error);
    } finally {
      setPending(false);
    }
  }

  const limited = limitedUntil !== undefined;
  const shownRefusal = limited
    ? secondsLeft > 0 && t('errors.AUTH_LOGIN_RATE_LIMITED', { retryAfterSeconds: secondsLeft })
    : refusal !== undefined && refusalText(refusal);

  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#f0f2f5' }}>
      <Card title={t('signIn.title')} extra={<LanguageSwitch />} style={{ width: 400 }}>
        {shownRefusal && <Alert type="error" message={shownRefusal} showIcon style={{ marginBottom: 16 }} data-testid="sign-in-refusal" />}
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
          <Button type="primary" htmlType="submit" block loading={pending} disabled={secondsLeft > 0}>
            {t('signIn.submit')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
