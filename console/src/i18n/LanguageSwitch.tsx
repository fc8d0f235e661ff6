import { TranslationOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, changeLanguage } from '.';

/** Switches the console's (and the server's answers') language. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <Dropdown
      menu={{
        selectedKeys: [i18n.language],
        items: LANGUAGES.map((language) => ({ key: language.code, label: language.label })),
        onClick: ({ key }) => void changeLanguage(key as (typeof LANGUAGES)[number]['code']),
      }}
    >
      <a aria-label={t('header.language')} data-testid="language-switch">
        <TranslationOutlined /> {LANGUAGES.find((language) => language.code === i18n.language)?.label}
      </a>
    </Dropdown>
  );
}
