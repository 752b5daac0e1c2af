import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AdminPage, UnlockedSolution } from '@think-tank/contracts';
import type { AuthUser } from '../../core/auth/auth-user';
import { CurrentUser } from '../../core/auth/current-user.decorator';
import { PageQuery } from '../../core/http/page-query';
import { ViewGrantsRepository } from './view-grants.repository';

/** The reader's library of single views (contract §11 "Accounts and library"). */
@ApiTags('users')
@ApiBearerAuth()
@Controller('users/me')
export class UnlockedController {
  constructor(private readonly grants: ViewGrantsRepository) {}

  @Get('unlocked')
  @ApiOperation({
    summary:
      'The solutions the user unlocked with a single view and can still read, with when each ends; newest first, {items, total, page, pageSize}',
  })
  async unlocked(@Query() q: PageQuery, @CurrentUser() user: AuthUser): Promise<AdminPage<UnlockedSolution>> {
    const [items, total] = await this.grants.livePage(user.id, q.page, q.pageSize);
    return { items, total, page: q.page, pageSize: q.pageSize };
  }
}
