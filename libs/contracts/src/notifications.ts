/** In-product messages and their live push (contract §7, customer-area §2). */
export const MESSAGES_PAGE_SIZE = 7;
export const MESSAGES_MAX_PAGE_SIZE = 50;
export const NOTIFICATIONS_NAMESPACE = '/notifications';

export interface MessageItem {
  _id: string;
  title: string;
  content: string;
  createdAt: string;
  readStatus: 'unread' | 'read';
  actionUrl: string | null;
}

export interface MessagesPage {
  messages: MessageItem[];
  pages: number;
  total: number;
}

export interface UnreadCount {
  count: number;
}

/** Socket events of the /notifications namespace. */
export const NotificationEvent = {
  newMessage: 'new_message',
  unreadCountUpdate: 'unread_count_update',
  requestUnreadCount: 'request_unread_count',
} as const;

/** What a socket sends in its handshake: the access token and the language its messages should be in. */
export interface SocketAuth {
  token: string;
  lang?: string;
}

export interface BroadcastRequest {
  title: string;
  content: string;
  actionUrl?: string;
  userIds?: string[];
}
