import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { Role } from '@think-tank/contracts';
import { IdPipe } from '../../core/http/id.pipe';
import { CurrentUser } from '../../core/auth/current-user.decorator';
import { Roles, StaffConsole } from '../../core/auth/roles.guard';
import type { AuthUser } from '../../core/auth/auth-user';
import { BillingService, PlanInputDto } from '../billing';
import { PageQuery } from './dto/admin.dto';

/** Plans as support staff see them (contract §9): support reads, only admins change prices. Writes are audited. */
@StaffConsole()
@Controller('admin/plans')
export class AdminPlansController {
  constructor(private readonly billing: BillingService) {}

  @Get()
  @ApiOperation({ summary: 'Every plan with both languages and both prices: {items, total, page, pageSize}' })
  list(@Query() q: PageQuery) {
    return this.billing.listAdminPlans(q.page, q.pageSize);
  }

  @Post()
  @Roles(Role.Admin)
  create(@Body() dto: PlanInputDto, @CurrentUser() user: AuthUser) {
    return this.billing.savePlan(null, dto, user.id);
  }

  @Put(':id')
  @Roles(Role.Admin)
  update(@Param('id', IdPipe) id: string, @Body() dto: PlanInputDto, @CurrentUser() user: AuthUser) {
    return this.billing.savePlan(id, dto, user.id);
  }

  @Delete(':id')
  @Roles(Role.Admin)
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({
    summary: 'Delete a plan nobody bought; 409 PLAN_IN_USE otherwise (mark it not valid instead)',
  })
  remove(@Param('id', IdPipe) id: string, @CurrentUser() user: AuthUser) {
    return this.billing.removePlan(id, user.id);
  }
}
