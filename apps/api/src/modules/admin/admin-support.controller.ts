import {
  Body,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Patch,
  Post,
  Put,
  Query,
  Res,
} from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Role, type Language } from '@think-tank/contracts';
import { Lang } from '../../core/http/language.decorator';
import { AuditLog } from '../../core/audit/audit-log.repository';
import { CurrentUser } from '../../core/auth/current-user.decorator';
import { Roles, StaffConsole } from '../../core/auth/roles.guard';
import type { AuthUser } from '../../core/auth/auth-user';
import { UsersAdminService } from '../auth';
import { OrdersAdminService } from '../billing';
import { DemandsAdminService, StageQuery } from '../workshop';
import { AuditQuery, DemandsQuery, OrdersQuery, PageQuery, UserPatchDto, UsersQuery } from './dto/admin.dto';
import { PlanUseService } from './plan-use.service';
import { QueuesAdminService } from './queues-admin.service';
import { SupportTimeline } from './support-timeline.read-model';

/**
 * The support console's endpoints (contract §9): support and admin read everything, disable users, retry
 * stages and jobs, reconcile orders; only admins change roles, paid flags, VIP quotas and refund. The role is
 * read from the database on every call (RolesGuard), and every write is audited.
 */
@StaffConsole()
@Controller('admin')
export class AdminSupportController {
  constructor(
    private readonly users: UsersAdminService,
    private readonly timeline: SupportTimeline,
    private readonly orders: OrdersAdminService,
    private readonly planUse: PlanUseService,
    private readonly demands: DemandsAdminService,
    private readonly queues: QueuesAdminService,
    private readonly audit: AuditLog,
  ) {}

  @Get('users')
  @ApiOperation({
    summary: 'Users whose username or e-mail contains `query` (or whose id it is), newest first',
  })
  listUsers(@Query() q: UsersQuery) {
    return this.users.search(q.query, q.page, q.pageSize);
  }

  @Get('users/:id')
  getUser(@Param('id') id: string) {
    return this.users.get(id);
  }

  @Patch('users/:id')
  @ApiOperation({
    summary: 'Change role, isPaid, vipStartupQuota (admin only) or disabled (support too); audited',
  })
  patchUser(@Param('id') id: string, @Body() dto: UserPatchDto, @CurrentUser() actor: AuthUser) {
    return this.users.update(actor, id, dto);
  }

  @Get('users/:id/timeline')
  @ApiOperation({
    summary: 'The user’s orders, views, demands and stages, messages and admin actions, newest first',
  })
  userTimeline(@Param('id') id: string, @Lang() lang: Language) {
    return this.timeline.of(id, lang);
  }

  @Get('orders')
  @ApiOperation({
    summary:
      'Orders, newest first, by user, status, gateway or flag: {items, total, page, pageSize}; each with how it was handed to its gateway (method), its refund as the gateway answered it and, for a paid workshop stage fee, delivered (whether its stage completed: a refund keeps a delivered stage’s output)',
  })
  async listOrders(@Query() q: OrdersQuery) {
    const { userId, status, gateway, flagged } = q;
    const page = await this.orders.list({ userId, status, gateway, flagged }, q.page, q.pageSize);
    return { ...page, items: await this.planUse.withUse(page.items) };
  }

  @Get('orders/:id')
  @ApiOperation({
    summary:
      'One order, as the list shows it; a paid plan order with its planUse (views, start-ups, stages and fees waived)',
  })
  async getOrder(@Param('id') id: string) {
    const [order] = await this.planUse.withUse([await this.orders.get(id)]);
    return order;
  }

  @Post('orders/:id/refund')
  @Roles(Role.Admin)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary:
      'Refund a paid order through its gateway, then mark it refunded and revoke what it granted (admin; 409 unless paid or while another refund of it runs; 502 REFUND_REFUSED when the gateway refuses; 202 with refund.status pending when the gateway cannot be reached: the worker asks again with the same refund request id)',
  })
  async refund(
    @Param('id') id: string,
    @CurrentUser() actor: AuthUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const order = await this.orders.refund(actor.id, id);
    if (order.refund?.status === 'pending') reply.status(HttpStatus.ACCEPTED);
    return order;
  }

  @Post('orders/:id/reconcile')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Ask the order’s gateway where it stands and settle it through the fulfilment path',
  })
  reconcile(@Param('id') id: string, @CurrentUser() actor: AuthUser) {
    return this.orders.reconcile(actor.id, id);
  }

  @Get('solutions/citations')
  @ApiOperation({
    summary: 'The solutions the workshop’s deliverables cite most: [{solutionId, name, citations}], top 10',
  })
  citations() {
    return this.demands.mostCitedSolutions();
  }

  @Get('demands')
  listDemands(@Query() q: DemandsQuery) {
    return this.demands.list(q.status, q.page, q.pageSize);
  }

  @Put('demands/:id/retry-stage')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({
    summary:
      'Queue a failed stage of any user’s demand again (409 STAGE_NOT_FAILED otherwise; 402 PAYMENT_REQUIRED when its fee was refunded)',
  })
  async retryStage(@Param('id') id: string, @Query() q: StageQuery, @CurrentUser() actor: AuthUser) {
    await this.demands.retryStage(actor.id, id, q.stage);
  }

  @Get('queues')
  @ApiOperation({ summary: 'Job counts by state of every queue' })
  queueCounts() {
    return this.queues.counts();
  }

  @Get('queues/:name/failed')
  failedJobs(@Param('name') name: string, @Query() q: PageQuery) {
    return this.queues.failed(name, q.page, q.pageSize);
  }

  @Post('queues/:name/jobs/:jobId/retry')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Put a failed job back in its queue (409 if it is not failed)' })
  async retryJob(@Param('name') name: string, @Param('jobId') jobId: string, @CurrentUser() actor: AuthUser) {
    await this.queues.retry(actor.id, name, jobId);
  }

  @Get('audit')
  @ApiOperation({ summary: 'The audit log, newest first: actor, action, target, before/after, time' })
  auditLog(@Query() q: AuditQuery) {
    return this.audit.list({ targetId: q.targetId, actorId: q.actorId }, q.page, q.pageSize);
  }
}
