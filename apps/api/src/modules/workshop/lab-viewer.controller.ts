import { Body, Controller, Get, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { LAB_INDEX_FILE, type ViewTicket } from '@think-tank/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors/app-error';
import { DOCUMENT_CSP } from '../../core/http/security-headers';
import { CurrentUser } from '../../core/auth/current-user.decorator';
import type { AuthUser } from '../../core/auth/auth-user';
import { DocumentTickets, TICKET_SECONDS } from '../../core/redis/document-tickets.service';
import { TicketOrToken } from '../../core/http/public.decorator';
import { LabTicketDto } from './dto/lab-ticket.dto';
import { LabFilesService } from './lab-files.service';

const PREFIX = '/api/solutions/private/';

/**
 * The lab name and file path of a viewer URL, read from the raw URL so that every encoded form is seen:
 * `..`, `.`, a NUL, a backslash or an absolute path is refused (400) before anything is looked up. A share link's
 * file URL is read the same way, its token in the lab name's place (`prefix`).
 */
export function labPath(rawUrl: string, prefix = PREFIX): { labName: string; path: string } {
  const bad = () => new AppError('BAD_REQUEST');
  const [pathname] = rawUrl.split(/[?#]/);
  const [rawLab, ...rawSegments] = pathname.slice(prefix.length).split('/');
  let labName: string;
  let path: string;
  try {
    labName = decodeURIComponent(rawLab);
    path = rawSegments.map((s) => decodeURIComponent(s)).join('/');
  } catch {
    throw bad();
  }
  // Split again after decoding: an encoded slash must not hide a `..`.
  const parts = path.split('/');
  const empty = parts.slice(0, -1).some((p) => p === ''); // "…/lab//etc/passwd": absolute
  if (
    empty ||
    [labName, ...parts].some((p) => p === '..' || p === '.' || /[\0\\]/.test(p)) ||
    /^[a-zA-Z]:/.test(path)
  )
    throw bad();
  return { labName, path: path || LAB_INDEX_FILE };
}

/** A lab file's viewer URL (what labPath reads back). */
const labUrl = (labName: string, path: string) =>
  `${PREFIX}${encodeURIComponent(labName)}/${path.split('/').map(encodeURIComponent).join('/')}`;

@ApiTags('demand-store')
@ApiBearerAuth()
@Controller()
export class LabViewerController {
  constructor(
    private readonly files: LabFilesService,
    private readonly tickets: DocumentTickets,
  ) {}

  @Post('demand-store/lab-ticket')
  @ApiOperation({
    summary:
      'A single-use URL (60 s) for the lab viewer’s frame to load a generated file by, for its owner, support and admin: {url, expiresInSeconds}',
  })
  async ticket(@Body() dto: LabTicketDto, @CurrentUser() user: AuthUser): Promise<ViewTicket> {
    const url = labUrl(dto.labName, dto.path);
    const { labName, path } = labPath(url);
    await this.tickets.allow(user.id);
    await this.files.read(user, labName, path);
    const ticket = await this.tickets.issue(user.id, `lab:${labName}/${path}`);
    return { url: `${labUrl(labName, path)}?ticket=${ticket}`, expiresInSeconds: TICKET_SECONDS };
  }

  @TicketOrToken()
  @Get(['solutions/private/:labName', 'solutions/private/:labName/*'])
  @ApiProduces('text/html', 'application/json', 'text/plain')
  @ApiOperation({
    summary:
      'A generated lab file (default indexp.html) for its owner, support and admin, by token or by a lab ticket; HTML under the sandbox CSP; 400 for `..`, NUL or absolute paths',
  })
  async file(
    @Req() req: FastifyRequest,
    @Query('ticket') ticket: string | undefined,
    @CurrentUser() user: AuthUser | undefined,
    @Res() reply: FastifyReply,
  ) {
    const { labName, path } = labPath(req.url);
    // A frame's ticket stands for its reader, whose rights are checked again as for a token.
    const reader = ticket
      ? { id: await this.tickets.spend(String(ticket), `lab:${labName}/${path}`) }
      : user!;
    return sendLabFile(reply, path, await this.files.read(reader, labName, path));
  }
}

/** A lab file as the viewer and share links serve it: never cached, HTML under the document sandbox's CSP. */
export function sendLabFile(reply: FastifyReply, path: string, content: string) {
  reply.header('x-content-type-options', 'nosniff').header('cache-control', 'private, no-store');
  if (/\.html?$/i.test(path))
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', DOCUMENT_CSP)
      .send(content);
  return reply
    .type(/\.json$/i.test(path) ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8')
    .send(content);
}
