/** What other modules may use of notifications; everything else stays inside. */
export { BroadcastDto } from './dto/messages.dto';
export { Messages } from './notifications.messages';
export type { MessageDraft } from './notifications.messages';
export { NotificationsModule } from './notifications.module';
export { NotificationsService } from './notifications.service';
