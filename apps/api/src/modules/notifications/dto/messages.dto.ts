import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  MESSAGES_MAX_PAGE_SIZE,
  MESSAGES_PAGE_SIZE,
  type BroadcastRequest,
  type MessageItem,
  type MessagesPage,
  type UnreadCount,
} from '@think-tank/contracts';
import {
  ArrayMaxSize,
  IsArray,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
} from 'class-validator';
import { invalid, required } from '../../../core/errors/validation-pipe';
import { MAX_PAGE, QueryInt } from '../../../core/http/page-query';

export class MessagesQueryDto {
  @QueryInt(1, MAX_PAGE, 1)
  page: number = 1;

  @QueryInt(1, MESSAGES_MAX_PAGE_SIZE, MESSAGES_PAGE_SIZE)
  limit: number = MESSAGES_PAGE_SIZE;
}

export class BroadcastDto implements BroadcastRequest {
  @ApiProperty({ maxLength: 200 })
  @IsNotEmpty(required)
  @IsString(invalid)
  @MaxLength(200, invalid)
  title!: string;

  @ApiProperty({ maxLength: 5000 })
  @IsNotEmpty(required)
  @IsString(invalid)
  @MaxLength(5000, invalid)
  content!: string;

  @ApiPropertyOptional({ description: 'a path of the web app, e.g. /subscription' })
  @IsOptional()
  @IsString(invalid)
  @MaxLength(500, invalid)
  // Only paths inside the app: a message never sends a reader to another site.
  @Matches(/^\/(?!\/)/, invalid)
  actionUrl?: string;

  @ApiPropertyOptional({ type: [String], description: 'only these users; all active users when absent' })
  @IsOptional()
  @IsArray(invalid)
  @ArrayMaxSize(10_000, invalid)
  @IsUUID('all', { ...invalid, each: true })
  userIds?: string[];
}

export class MessageItemBody implements MessageItem {
  @ApiProperty() _id!: string;
  @ApiProperty() title!: string;
  @ApiProperty() content!: string;
  @ApiProperty() createdAt!: string;
  @ApiProperty({ enum: ['unread', 'read'] }) readStatus!: 'unread' | 'read';
  @ApiProperty({ nullable: true, type: String }) actionUrl!: string | null;
}

export class MessagesPageBody implements MessagesPage {
  @ApiProperty({ type: [MessageItemBody] }) messages!: MessageItem[];
  @ApiProperty() pages!: number;
  @ApiProperty() total!: number;
}

export class UnreadCountBody implements UnreadCount {
  @ApiProperty() count!: number;
}
