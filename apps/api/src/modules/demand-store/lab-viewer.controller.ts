import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { LAB_INDEX_FILE } from '@think-tank/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors/app-error';
import { DOCUMENT_CSP } from '../../core/http/security-headers';
import { CurrentUser } from '../../core/auth/current-user.decorator';
import type { AuthUser } from '../../core/auth/auth-user';
import { LabFilesService } from './lab-files.service';

const PREFIX = '/api/solutions/private/';

/**
 * The lab name and file path of a viewer URL, read from the raw URL so that every encoded form is seen:
 * `..`, `.`, a NUL, a backslash or an absolute path is refused (400) before anything is looked up.
 */
export function labPath(rawUrl: string): { labName: string; path: string } {
  const bad = () => new AppError('BAD_REQUEST');
  const [pathname] = rawUrl.split(/[?#]/);
  const [rawLab, ...rawSegments] = pathname.slice(PREFIX.length).split('/');
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

@ApiTags('demand-store')
@ApiBearerAuth()
@Controller('solutions/private')
export class LabViewerController {
  constructor(private readonly files: LabFilesService) {}

  @Get([':labName', ':labName/*'])
  @ApiProduces('text/html', 'application/json', 'text/plain')
  @ApiOperation({
    summary:
      'A generated lab file (default indexp.html) for its owner, support and admin; HTML under the sandbox CSP; 400 for `..`, NUL or absolute paths',
  })
  async file(@Req() req: FastifyRequest, @CurrentUser() user: AuthUser, @Res() reply: FastifyReply) {
    const { labName, path } = labPath(req.url);
    const content = await this.files.read(user, labName, path);
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
}
