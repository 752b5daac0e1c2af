import { ApiPropertyOptional } from '@nestjs/swagger';
import { ADMIN_MAX_PAGE_SIZE, ADMIN_PAGE_SIZE } from '@think-tank/contracts';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { invalid } from '../errors/validation-pipe';

/** The last page any list may be asked for: beyond, an offset is 400, not a database error (contract §11). */
export const MAX_PAGE = 10_000;

/** `page` from 1, `pageSize` up to 100: every paged list answers {items, total, page, pageSize} (contract §1). */
export class PageQuery {
  @ApiPropertyOptional({ default: 1, maximum: MAX_PAGE })
  @IsOptional()
  @Type(() => Number)
  @IsInt(invalid)
  @Min(1, invalid)
  @Max(MAX_PAGE, invalid)
  page: number = 1;

  @ApiPropertyOptional({ default: ADMIN_PAGE_SIZE, maximum: ADMIN_MAX_PAGE_SIZE })
  @IsOptional()
  @Type(() => Number)
  @IsInt(invalid)
  @Min(1, invalid)
  @Max(ADMIN_MAX_PAGE_SIZE, invalid)
  pageSize: number = ADMIN_PAGE_SIZE;
}
