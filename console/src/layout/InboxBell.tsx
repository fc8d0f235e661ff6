// The header's bell: the administrator's unread message count, opening the inbox.
import { BellOutlined } from '@ant-design/icons';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useUnreadCount } from './unread';

export function InboxBell() {
  const { t } = useTranslation();
  const unread = useUnreadCount();
  return (
    <Link to="/inbox" title={t('inbox.title')} data-testid="inbox-bell">
      <span data-testid="inbox-unread" data-count={unread.data ?? 0}>
        <Badge count={unread.data ?? 0} size="small">
          <BellOutlined style={{ fontSize: 16 }} />
        </Badge>
      </span>
    </Link>
  );
}
