import { Body, Controller, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Language } from '@think-tank/contracts';
import type { AuthUser } from '../../core/auth/auth-user';
import { CurrentUser } from '../../core/auth/current-user.decorator';
import { Lang } from '../../core/http/language.decorator';
import { AccountService } from './account.service';
import { ChangePasswordDto } from './dto/auth-request.dto';
import { SessionBody } from './dto/auth-response.dto';

/** The signed-in user's own account (contract §11 "Accounts and library"). */
@ApiTags('auth')
@ApiBearerAuth()
@Controller('auth')
export class AccountController {
  constructor(private readonly account: AccountService) {}

  @Put('password')
  @ApiOperation({
    summary:
      'Change the password with the current one (400 WRONG_PASSWORD, 5 tries per 15 minutes): every other session ends; answers this device’s new session',
  })
  @ApiResponse({ status: 200, type: SessionBody })
  changePassword(@Body() dto: ChangePasswordDto, @CurrentUser() user: AuthUser, @Lang() lang: Language) {
    return this.account.changePassword(user.id, dto, lang);
  }
}
