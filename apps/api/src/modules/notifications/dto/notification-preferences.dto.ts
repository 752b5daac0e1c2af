import { ApiPropertyOptional } from '@nestjs/swagger';
import type { NotificationPreferences } from '@think-tank/contracts';
import { IsBoolean, IsOptional } from 'class-validator';
import { invalid } from '../../../core/errors/validation-pipe';

/** Any of the kinds, each on or off; the others stay as they are. */
export class NotificationPreferencesDto implements Partial<NotificationPreferences> {
  @ApiPropertyOptional({ description: 'a stage finished or failed' })
  @IsOptional()
  @IsBoolean(invalid)
  stage?: boolean;

  @ApiPropertyOptional({ description: 'a payment went through or failed' })
  @IsOptional()
  @IsBoolean(invalid)
  payment?: boolean;

  @ApiPropertyOptional({ description: 'a subscription ends in 3 days' })
  @IsOptional()
  @IsBoolean(invalid)
  subscription?: boolean;
}
