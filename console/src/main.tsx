// The console's entry: React 19 with antd 5 (its React 19 patch first), TanStack Query for server
// state, i18next for texts, and the routes under /console/.
import '@ant-design/v5-patch-for-react-19';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
// The ES modules: the CommonJS `antd/locale/*` reached the bundle as a namespace without `locale`
// fields, so antd's own texts (pagination, empty tables, pickers) stayed English in Chinese.
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { StrictMode, Suspense, lazy, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { session } from './auth/session';
import { SignIn } from './auth/SignIn';
import { i18next } from './i18n';

const ConsoleLayout = lazy(() => import('./layout/ConsoleLayout'));

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

// A session that ends (signed out, refresh refused) drops what the previous administrator saw.
session.subscribe((signedIn) => {
  if (!signedIn) queryClient.clear();
});

// Menu names and server texts come in the request's language: read them again in the new one.
i18next.on('languageChanged', () => void queryClient.invalidateQueries());

const useSignedIn = () => useSyncExternalStore((listener) => session.subscribe(listener), () => session.signedIn);

function Root() {
  const { i18n } = useTranslation();
  const signedIn = useSignedIn();
  return (
    <ConfigProvider locale={i18n.language === 'zh-CN' ? zhCN : enUS}>
      <AntApp>
        <Suspense fallback={null}>
          <Routes>
            <Route path="/login" element={signedIn ? <Navigate to="/" replace /> : <SignIn />} />
            <Route path="/*" element={signedIn ? <ConsoleLayout /> : <Navigate to="/login" replace />} />
          </Routes>
        </Suspense>
      </AntApp>
    </ConfigProvider>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter basename="/console">
        <Root />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
