import { Body, Controller, Get, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../../core/auth/current-user.decorator';
import type { AuthUser } from '../../core/auth/auth-user';
import { VipApplicationDto } from './dto/vip-application.dto';
import { VipApplicationsService } from './vip-applications.service';

/** A user's VIP application (customer-area: /profile/vip-application). */
@ApiTags('auth')
@ApiBearerAuth()
@Controller('users/vip-application')
export class VipApplicationsController {
  constructor(private readonly applications: VipApplicationsService) {}

  @Get()
  @ApiOperation({ summary: 'The user’s latest VIP application and its status: {application: … | null}' })
  mine(@CurrentUser() user: AuthUser) {
    return this.applications.mine(user.id);
  }

  @Post()
  @ApiOperation({
    summary:
      'Apply for VIP (201). 409 VIP_APPLICATION_PENDING while one is pending, 409 ALREADY_VIP for VIP and staff, 429 after 5 an hour',
  })
  apply(@CurrentUser() user: AuthUser, @Body() dto: VipApplicationDto) {
    return this.applications.apply(user.id, dto);
  }
}
