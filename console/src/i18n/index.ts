// English and Simplified Chinese, switchable; the choice is kept and sent to the server as
// Accept-Language, so its error messages come back in the same language.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { zhCN } from './zh-CN';

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'zh-CN', label: '简体中文' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];

const STORAGE_KEY = 'openbuy.console.language';

function initialLanguage(): LanguageCode {
  const stored = localStorage.getItem(STORAGE_KEY);
  if (stored === 'en' || stored === 'zh-CN') return stored;
  return navigator.language.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}

void i18next.use(initReactI18next).init({
  resources: { en: { translation: en }, 'zh-CN': { translation: zhCN } },
  lng: initialLanguage(),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
});

export const currentLanguage = (): LanguageCode => (i18next.language === 'zh-CN' ? 'zh-CN' : 'en');

export async function changeLanguage(code: LanguageCode): Promise<void> {
  localStorage.setItem(STORAGE_KEY, code);
  document.documentElement.lang = code;
  await i18next.changeLanguage(code);
}

export { i18next };
