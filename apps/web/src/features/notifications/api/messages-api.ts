import { MESSAGES_PAGE_SIZE, type MessagesPage, type UnreadCount } from '@think-tank/contracts';
import { api } from '../../../lib/api-client';

export function fetchMessages(page: number): Promise<MessagesPage> {
  return api(`/api/messages?page=${page}&limit=${MESSAGES_PAGE_SIZE}`);
}

export function fetchUnreadCount(): Promise<UnreadCount> {
  return api('/api/messages/unread-count');
}

export function markRead(id: string): Promise<{ _id: string; readStatus: 'read' }> {
  return api(`/api/messages/${encodeURIComponent(id)}/read`, { method: 'PATCH' });
}

export function markAllRead(): Promise<UnreadCount> {
  return api('/api/messages/read-all', { method: 'PATCH' });
}
