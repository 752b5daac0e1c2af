import { ApiPropertyOptional } from '@nestjs/swagger';
import {
  ADMIN_MAX_PAGE_SIZE,
  ADMIN_PAGE_SIZE,
  ORDER_STATUSES,
  OVERALL_STATUSES,
  ROLES,
  type OrderStatus,
  type OverallStatus,
  type Role,
} from '@think-tank/contracts';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { invalid } from '../../../core/errors/validation-pipe';

/** `page` from 1, `pageSize` up to 100 (contract §1: admin lists answer {items, total, page, pageSize}). */
export class PageQuery {
  @ApiPropertyOptional({ default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt(invalid)
  @Min(1, invalid)
  page: number = 1;

  @ApiPropertyOptional({ default: ADMIN_PAGE_SIZE, maximum: ADMIN_MAX_PAGE_SIZE })
  @IsOptional()
  @Type(() => Number)
  @IsInt(invalid)
  @Min(1, invalid)
  @Max(ADMIN_MAX_PAGE_SIZE, invalid)
  pageSize: number = ADMIN_PAGE_SIZE;
}

export class UsersQuery extends PageQuery {
  @ApiPropertyOptional({ description: 'Part of a username or e-mail, or a user id' })
  @IsOptional()
  @IsString(invalid)
  @MaxLength(254, invalid)
  query: string = '';
}

export class UserPatchDto {
  @ApiPropertyOptional({ enum: ROLES }) @IsOptional() @IsIn(ROLES, invalid) role?: Role;
  @ApiPropertyOptional() @IsOptional() @IsBoolean(invalid) isPaid?: boolean;
  @ApiPropertyOptional()
  @IsOptional()
  @IsInt(invalid)
  @Min(0, invalid)
  @Max(1000, invalid)
  vipStartupQuota?: number;
  @ApiPropertyOptional() @IsOptional() @IsBoolean(invalid) disabled?: boolean;
}

export class OrdersQuery extends PageQuery {
  @ApiPropertyOptional() @IsOptional() @IsUUID('all', invalid) userId?: string;
  @ApiPropertyOptional({ enum: ORDER_STATUSES })
  @IsOptional()
  @IsIn(ORDER_STATUSES, invalid)
  status?: OrderStatus;
  @ApiPropertyOptional({ description: 'Only orders a gateway message did not match' })
  @IsOptional()
  @Transform(({ value }) => value === 'true' || value === true)
  @IsBoolean(invalid)
  flagged?: boolean;
}

export class DemandsQuery extends PageQuery {
  @ApiPropertyOptional({ enum: OVERALL_STATUSES })
  @IsOptional()
  @IsIn(OVERALL_STATUSES, invalid)
  status?: OverallStatus;
}

export class AuditQuery extends PageQuery {
  @ApiPropertyOptional() @IsOptional() @IsString(invalid) @MaxLength(64, invalid) targetId?: string;
  @ApiPropertyOptional() @IsOptional() @IsUUID('all', invalid) actorId?: string;
}
