import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { Role } from '@think-tank/contracts';
import { CurrentUser } from '../../core/auth/current-user.decorator';
import type { AuthUser } from '../../core/auth/auth-user';
import { Roles, StaffConsole } from '../../core/auth/roles.guard';
import { IdPipe } from '../../core/http/id.pipe';
import { VipApplicationsService, VipApprovalDto, VipRejectionDto } from '../auth';
import { VipApplicationsQuery } from './dto/admin.dto';

/**
 * The review of VIP applications: support reads and rejects; approving makes the user VIP (default start-up quota)
 * and is an admin's act, as every role change is (contract §9). Audited.
 */
@StaffConsole()
@Controller('admin/vip-applications')
export class AdminVipApplicationsController {
  constructor(private readonly applications: VipApplicationsService) {}

  @Get()
  @ApiOperation({ summary: 'Applications by status (pending oldest first): {items, total, page, pageSize}' })
  list(@Query() q: VipApplicationsQuery) {
    return this.applications.list(q.status, q.page, q.pageSize);
  }

  @Post(':id/approve')
  @Roles(Role.Admin)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary:
      'Approve (admin): the user becomes VIP and is told; 409 APPLICATION_DECIDED if decided; support 403',
  })
  approve(@Param('id', IdPipe) id: string, @Body() dto: VipApprovalDto, @CurrentUser() user: AuthUser) {
    return this.applications.approve(user.id, id, dto.note);
  }

  @Post(':id/reject')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Reject with the reason the user is shown; 409 APPLICATION_DECIDED if decided' })
  reject(@Param('id', IdPipe) id: string, @Body() dto: VipRejectionDto, @CurrentUser() user: AuthUser) {
    return this.applications.reject(user.id, id, dto.note);
  }
}
