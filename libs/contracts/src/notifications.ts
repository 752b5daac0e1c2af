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

/**
 * The events that may also come by e-mail (contract §11): a stage finished or failed, a payment, a subscription
 * about to end. Each mail carries a one-click unsubscribe from its kind (RFC 8058).
 */
export const MAIL_KINDS = ['stage', 'payment', 'subscription'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** GET|PUT /api/users/me/notification-preferences: which kinds come by e-mail (PUT takes any of them). */
export type NotificationPreferences = Record<MailKind, boolean>;

/** Before a user chooses: stage and payment mails on, the subscription reminder in the app only. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  stage: true,
  payment: true,
  subscription: false,
};

/** What an unsubscribe link names, for its page (GET /api/notifications/unsubscribe?token=…). */
export interface UnsubscribeInfo {
  kind: MailKind;
  subscribed: boolean;
}
