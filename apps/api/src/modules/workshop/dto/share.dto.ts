import { ApiPropertyOptional } from '@nestjs/swagger';
import { SHARE_DAYS } from '@think-tank/contracts';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { invalid } from '../../../core/errors/validation-pipe';

/** POST /api/demand-store/:id/shares (contract §12). */
export class ShareDto {
  @ApiPropertyOptional({ minimum: SHARE_DAYS.min, maximum: SHARE_DAYS.max, default: SHARE_DAYS.default })
  @IsOptional()
  @IsInt(invalid)
  @Min(SHARE_DAYS.min, invalid)
  @Max(SHARE_DAYS.max, invalid)
  expiresInDays?: number;
}
