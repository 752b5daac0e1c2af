import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  ParseArrayPipe,
  Post,
  Put,
  Query,
} from '@nestjs/common';
import { ApiBody, ApiOperation } from '@nestjs/swagger';
import { AppError } from '../../core/errors/app-error';
import { validationDetails } from '../../core/errors/validation-pipe';
import { IdPipe } from '../../core/http/id.pipe';
import { CurrentUser } from '../../core/auth/current-user.decorator';
import { StaffConsole } from '../../core/auth/roles.guard';
import type { AuthUser } from '../../core/auth/auth-user';
import { SearchMissesQueryDto, SolutionInputDto } from './dto/solution.dto';
import { SearchMissesRecorder } from './search-misses.recorder';
import { SolutionsService } from './solutions.service';

/** Support staff edit the library (contract §9); every write is audited. Bodies up to 20 MiB (create-app.ts). */
@StaffConsole()
@Controller('admin/solutions')
export class AdminSolutionsController {
  constructor(
    private readonly solutions: SolutionsService,
    private readonly misses: SearchMissesRecorder,
  ) {}

  @Get('search-misses')
  @ApiOperation({
    summary:
      'What visitors searched for and did not find, or found only by its words (contract §12): [{query, count, days, kind, lastSeenAt}], the 50 most frequent of the last `days` (1–90, default 30)',
  })
  searchMisses(@Query() query: SearchMissesQueryDto) {
    return this.misses.top(query.days ?? 30, 50);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One solution for the editor: its fields, document and industry; 404 for none' })
  get(@Param('id', IdPipe) id: string) {
    return this.solutions.get(id);
  }

  @Post()
  create(@Body() dto: SolutionInputDto, @CurrentUser() user: AuthUser) {
    return this.solutions.create(dto, user.id);
  }

  @Put(':id')
  update(@Param('id', IdPipe) id: string, @Body() dto: SolutionInputDto, @CurrentUser() user: AuthUser) {
    return this.solutions.update(id, dto, user.id);
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  remove(@Param('id', IdPipe) id: string, @CurrentUser() user: AuthUser) {
    return this.solutions.remove(id, user.id);
  }

  @Post('import')
  @ApiOperation({ summary: 'Import an array of solutions, all or nothing' })
  @ApiBody({ type: [SolutionInputDto] })
  import(
    @Body(
      new ParseArrayPipe({
        items: SolutionInputDto,
        whitelist: true,
        forbidNonWhitelisted: true,
        stopAtFirstError: true,
        // Its items' errors, or its own message when the body is no array at all (a string, a number, null).
        exceptionFactory: (errors: unknown) =>
          AppError.validation(
            Array.isArray(errors) ? validationDetails(errors) : [{ field: 'body', key: 'fieldInvalid' }],
          ),
      }),
    )
    dtos: SolutionInputDto[],
    @CurrentUser() user: AuthUser,
  ) {
    return this.solutions.import(dtos, user.id);
  }
}
