import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { ADMIN_MAX_PAGE_SIZE, ADMIN_PAGE_SIZE } from '@think-tank/contracts';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { invalid } from '../errors/validation-pipe';

/** The last page any list may be asked for: beyond, an offset is 400, not a database error (contract §11). */
export const MAX_PAGE = 10_000;

/**
 * A whole-number query parameter from `min` to `max` (400 outside, never a 500 further down), `fallback` when
 * absent: the same rules for every page, page size and cursor.
 */
export const QueryInt = (min: number, max: number, fallback?: number, description?: string) =>
  applyDecorators(
    // Listed bottom-up, as stacked decorators are applied: the pipe then reads the rules top-down.
    Max(max, invalid),
    Min(min, invalid),
    IsInt(invalid),
    Type(() => Number),
    IsOptional(),
    ApiPropertyOptional({ default: fallback, minimum: min, maximum: max, description }),
  );

/** `page` from 1, `pageSize` up to 100: every paged list answers {items, total, page, pageSize} (contract §1). */
export class PageQuery {
  @QueryInt(1, MAX_PAGE, 1)
  page: number = 1;

  @QueryInt(1, ADMIN_MAX_PAGE_SIZE, ADMIN_PAGE_SIZE)
  pageSize: number = ADMIN_PAGE_SIZE;
}
