import {
  NOTIFICATIONS_NAMESPACE,
  NotificationEvent,
  type MessageItem,
  type UnreadCount,
} from './notifications';
import { DEMAND_EVENTS_NAMESPACE, DemandSocketEvent, type DemandEventPayload } from './workshop';

/** Sent to a socket whose session ended (expired or revoked) just before the server closes it. */
export const SESSION_EXPIRED = 'session_expired';

/** What each live namespace's server sends and its clients send: the one typing of the sockets on both sides. */
export interface LiveEvents {
  [NOTIFICATIONS_NAMESPACE]: {
    server: {
      [NotificationEvent.newMessage]: (message: MessageItem) => void;
      [NotificationEvent.unreadCountUpdate]: (count: UnreadCount) => void;
      [SESSION_EXPIRED]: () => void;
    };
    client: { [NotificationEvent.requestUnreadCount]: () => void };
  };
  [DEMAND_EVENTS_NAMESPACE]: {
    server: {
      [DemandSocketEvent.progress]: (event: DemandEventPayload) => void;
      [DemandSocketEvent.completed]: (event: DemandEventPayload) => void;
      [DemandSocketEvent.error]: (event: DemandEventPayload) => void;
      [DemandSocketEvent.subscribed]: (ack: { demandId: string }) => void;
      [DemandSocketEvent.subscriptionError]: (error: { demandId: string; message: string }) => void;
      [SESSION_EXPIRED]: () => void;
    };
    client: { [DemandSocketEvent.subscribe]: (request: { demandId: string }) => void };
  };
}
export type LiveNamespace = keyof LiveEvents;
export type ServerEventsOf<N extends LiveNamespace> = LiveEvents[N]['server'];
export type ClientEventsOf<N extends LiveNamespace> = LiveEvents[N]['client'];
