import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { CurrentUser } from '../../core/auth/current-user.decorator';
import type { AuthUser } from '../../core/auth/auth-user';
import { StaffConsole } from '../../core/auth/roles.guard';
import { IdPipe } from '../../core/http/id.pipe';
import { VipApplicationsService, VipApprovalDto, VipRejectionDto } from '../auth';
import { VipApplicationsQuery } from './dto/admin.dto';

/** Support's review of VIP applications: approving makes the user VIP (default start-up quota), audited. */
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
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Approve: the user becomes VIP and is told; 409 APPLICATION_DECIDED if decided' })
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
