// How many of the signed-in administrator's own messages are unread: the header's badge, read again
// periodically and whenever the inbox changes (it names this key in its `invalidates`).
import { useQuery } from '@tanstack/react-query';
import { execute } from '../api/client';
import { graphql } from '../gql';

const UnreadCountDocument = graphql(`
  query ConsoleMyUnreadNotifyMessageCount {
    myUnreadNotifyMessageCount
  }
`);

export const UNREAD_COUNT_QUERY_KEY = ['my-unread-notify-message-count'];

/** New messages show within this long with no action of the administrator. */
export const UNREAD_COUNT_REFRESH_MS = 30_000;

export const useUnreadCount = () =>
  useQuery({
    queryKey: UNREAD_COUNT_QUERY_KEY,
    queryFn: async () => (await execute(UnreadCountDocument)).myUnreadNotifyMessageCount,
    refetchInterval: UNREAD_COUNT_REFRESH_MS,
  });
