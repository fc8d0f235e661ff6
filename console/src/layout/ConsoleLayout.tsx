// The signed-in frame: ProLayout with the menu tree from `me`, the tenant signed in to, the language
// switch and the administrator's menu (profile, sign out); the page is the resource screen the path names.
import { BankOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { ProConfigProvider, ProLayout, enUSIntl, zhCNIntl } from '@ant-design/pro-components';
import { Dropdown, Result, Spin } from 'antd';
import { Suspense, lazy, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { execute } from '../api/client';
import { session } from '../auth/session';
import { graphql } from '../gql';
import { LanguageSwitch } from '../i18n/LanguageSwitch';
import { InboxBell } from './InboxBell';
import { menuRoutes, screenAt, useMe } from './me';

const ResourceScreen = lazy(() => import('../screens/ResourceScreen'));
const Profile = lazy(() => import('../screens/Profile'));

const LogoutDocument = graphql(`
  mutation ConsoleLogout {
    logout
  }
`);

async function signOut() {
  try {
    await execute(LogoutDocument);
  } finally {
    session.end();
  }
}

export default function ConsoleLayout() {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const location = useLocation();
  const navigate = useNavigate();
  const routes = useMemo(() => menuRoutes(me.data?.menus ?? []), [me.data]);

  if (me.isPending) return <Spin fullscreen />;
  if (me.isError) return <Result status="error" title={me.error.message} />;

  const screen = screenAt(routes, location.pathname);
  return (
    // ProTable and ProForm texts follow the console's language (their own default is Chinese).
    <ProConfigProvider intl={i18n.language === 'zh-CN' ? zhCNIntl : enUSIntl}>
    <ProLayout
      title={t('app.title')}
      logo={false}
      layout="mix"
      fixSiderbar
      location={{ pathname: location.pathname }}
      route={{ path: '/', routes }}
      menuItemRender={(item, dom) => (item.path ? <Link to={item.path}>{dom}</Link> : dom)}
      actionsRender={() => [
        <span key="tenant" title={t('header.tenant')} data-testid="current-tenant">
          <BankOutlined /> {me.data.tenant.name}
        </span>,
        <InboxBell key="inbox" />,
        <LanguageSwitch key="language" />,
      ]}
      avatarProps={{
        icon: <UserOutlined />,
        title: <span data-testid="current-user">{me.data.user.nickname}</span>,
        render: (_props, dom) => (
          <Dropdown
            menu={{
              items: [
                { key: 'profile', icon: <UserOutlined />, label: t('header.profile') },
                { key: 'sign-out', icon: <LogoutOutlined />, label: t('header.signOut') },
              ],
              onClick: ({ key }) => (key === 'profile' ? navigate('/profile') : void signOut()),
            }}
          >
            {dom}
          </Dropdown>
        ),
      }}
    >
      <Suspense fallback={<Spin />}>
        <Routes>
          <Route path="/profile" element={<Profile />} />
          <Route path="/" element={<Result status="info" title={t('common.welcome', { name: me.data.user.nickname })} />} />
          <Route
            path="*"
            element={
              screen ? (
                <ResourceScreen key={screen} component={screen} permissions={me.data.permissions} />
              ) : (
                <Result status="404" title={t('common.notFound')} />
              )
            }
          />
        </Routes>
      </Suspense>
    </ProLayout>
    </ProConfigProvider>
  );
}
