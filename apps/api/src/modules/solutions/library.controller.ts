import { Controller, Delete, Get, HttpCode, HttpStatus, Param, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AdminPage, FavouriteSolution, HistoryEntry } from '@think-tank/contracts';
import type { AuthUser } from '../../core/auth/auth-user';
import { CurrentUser } from '../../core/auth/current-user.decorator';
import { AppError } from '../../core/errors/app-error';
import { IdPipe } from '../../core/http/id.pipe';
import { PageQuery } from '../../core/http/page-query';
import { LibraryRepository } from './library.repository';
import { ReadingHistoryRecorder } from './reading-history.recorder';

/** A reader's favourites and reading history, for every signed-in account (contract §11 "Accounts and library"). */
@ApiTags('users')
@ApiBearerAuth()
@Controller()
export class LibraryController {
  constructor(
    private readonly library: LibraryRepository,
    private readonly recorder: ReadingHistoryRecorder,
  ) {}

  @Put('solutions/:id/favourite')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({
    summary: 'Star a solution (again is the same): 404 for none, 409 FAVOURITES_FULL past 500',
  })
  async star(@Param('id', IdPipe) id: string, @CurrentUser() user: AuthUser): Promise<void> {
    const result = await this.library.star(user.id, id);
    if (result === 'unknown') throw new AppError('NOT_FOUND');
    if (result === 'full') throw new AppError('FAVOURITES_FULL');
  }

  @Delete('solutions/:id/favourite')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Unstar a solution (one not starred: the same 204)' })
  unstar(@Param('id', IdPipe) id: string, @CurrentUser() user: AuthUser): Promise<void> {
    return this.library.unstar(user.id, id);
  }

  @Get('users/me/favourites')
  @ApiOperation({ summary: 'The starred solutions, newest first: {items, total, page, pageSize}' })
  async favourites(
    @Query() q: PageQuery,
    @CurrentUser() user: AuthUser,
  ): Promise<AdminPage<FavouriteSolution>> {
    const [items, total] = await this.library.favourites(user.id, q.page, q.pageSize);
    return { items, total, page: q.page, pageSize: q.pageSize };
  }

  @Get('users/me/favourites/ids')
  @ApiOperation({ summary: 'The ids of every starred solution (at most 500), for stars beside results' })
  favouriteIds(@CurrentUser() user: AuthUser): Promise<string[]> {
    return this.library.favouriteIds(user.id);
  }

  @Get('users/me/history')
  @ApiOperation({
    summary: 'The solutions opened, each once at its last view, newest first: {items, total, page, pageSize}',
  })
  async history(@Query() q: PageQuery, @CurrentUser() user: AuthUser): Promise<AdminPage<HistoryEntry>> {
    await this.recorder.flush(); // this process's views of the last half second, the reader's among them
    const [items, total] = await this.library.history(user.id, q.page, q.pageSize);
    return { items, total, page: q.page, pageSize: q.pageSize };
  }

  @Delete('users/me/history')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Forget the reading history' })
  async clearHistory(@CurrentUser() user: AuthUser): Promise<void> {
    await this.recorder.flush(); // or a view still pending would come back after the clear
    return this.library.clearHistory(user.id);
  }
}
