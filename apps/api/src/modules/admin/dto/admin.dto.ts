import { ApiPropertyOptional } from '@nestjs/swagger';
import {
  INVOICE_STATUSES,
  ORDER_STATUSES,
  OVERALL_STATUSES,
  ROLES,
  PaymentGateway,
  VIP_APPLICATION_STATUSES,
  type InvoiceStatus,
  type OrderStatus,
  type OverallStatus,
  type Role,
  type VipApplicationStatus,
} from '@think-tank/contracts';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { invalid } from '../../../core/errors/validation-pipe';
import { PageQuery } from '../../../core/http/page-query';

export { PageQuery };

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
  @ApiPropertyOptional({ enum: Object.values(PaymentGateway) })
  @IsOptional()
  @IsIn(Object.values(PaymentGateway), invalid)
  gateway?: PaymentGateway;
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

export class VipApplicationsQuery extends PageQuery {
  @ApiPropertyOptional({ enum: VIP_APPLICATION_STATUSES })
  @IsOptional()
  @IsIn(VIP_APPLICATION_STATUSES, invalid)
  status?: VipApplicationStatus;
}

export class InvoicesQuery extends PageQuery {
  @ApiPropertyOptional({ enum: INVOICE_STATUSES })
  @IsOptional()
  @IsIn(INVOICE_STATUSES, invalid)
  status?: InvoiceStatus;
}

export class AuditQuery extends PageQuery {
  @ApiPropertyOptional() @IsOptional() @IsString(invalid) @MaxLength(64, invalid) targetId?: string;
  @ApiPropertyOptional() @IsOptional() @IsUUID('all', invalid) actorId?: string;
}
