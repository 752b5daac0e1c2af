import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { LAB_INDEX_FILE, type DemandShare, type SharedDemand } from '@think-tank/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser } from '../../core/auth/auth-user';
import { CurrentUser } from '../../core/auth/current-user.decorator';
import { AppError } from '../../core/errors/app-error';
import { ClientIp } from '../../core/http/client-ip.decorator';
import { Public } from '../../core/http/public.decorator';
import { DemandSharesService } from './demand-shares.service';
import { ShareDto } from './dto/share.dto';
import { labPath, sendLabFile } from './lab-viewer.controller';

/** Shared pages are for the people a link was sent to, never for search engines. */
const NOINDEX = 'noindex, nofollow';

@ApiTags('demand-store')
@ApiBearerAuth()
@Controller()
export class SharesController {
  constructor(private readonly shares: DemandSharesService) {}

  @Post('demand-store/:id/shares')
  @ApiOperation({
    summary:
      'A read-only link to the demand’s deliverables for its owner: {token, url, expiresAt}, expiring in expiresInDays (1–90, default 7)',
  })
  create(
    @Param('id') id: string,
    @Body() dto: ShareDto,
    @CurrentUser() user: AuthUser,
  ): Promise<DemandShare> {
    return this.shares.create(user, id, dto.expiresInDays);
  }

  @Get('demand-store/:id/shares')
  @ApiOperation({ summary: 'The demand’s live share links, newest first (its owner only)' })
  list(@Param('id') id: string, @CurrentUser() user: AuthUser): Promise<DemandShare[]> {
    return this.shares.list(user, id);
  }

  @Delete('demand-store/:id/shares/:token')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Revokes a share link: it reads 404 from then on' })
  revoke(@Param('id') id: string, @Param('token') token: string, @CurrentUser() user: AuthUser) {
    return this.shares.revoke(user, id, token);
  }

  @Public()
  @Get('shared/:token')
  @ApiOperation({
    summary:
      'What a share link shows, without signing in: the demand’s name, its finished outputs and its lab pages; nothing of the owner. 404 when revoked, expired or unknown',
  })
  async open(
    @Param('token') token: string,
    @ClientIp() address: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SharedDemand> {
    reply.header('x-robots-tag', NOINDEX).header('cache-control', 'private, no-store');
    return this.shares.open(token, address);
  }

  @Public()
  @Get('shared/:token/files/*')
  @ApiProduces('text/html', 'application/json', 'text/plain')
  @ApiOperation({
    summary:
      'A lab file of a shared demand (default indexp.html), served as the lab viewer serves it: HTML sandboxed',
  })
  async file(@Req() req: FastifyRequest, @ClientIp() address: string, @Res() reply: FastifyReply) {
    const { labName: token, path: rest } = labPath(req.url, '/api/shared/');
    if (!rest.startsWith('files/')) throw new AppError('NOT_FOUND');
    const path = rest.slice('files/'.length) || LAB_INDEX_FILE;
    reply.header('x-robots-tag', NOINDEX);
    return sendLabFile(reply, path, await this.shares.file(token, path, address));
  }
}
