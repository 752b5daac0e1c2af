import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../../core/http/public.decorator';
import { SearchBody, SearchQueryDto } from './dto/solution.dto';
import { SolutionsService } from './solutions.service';

@ApiTags('solutions')
@Controller('solutions')
export class SolutionsController {
  constructor(private readonly solutions: SolutionsService) {}

  @Public()
  @Get('search')
  @ApiOperation({
    summary: 'Search the library: every term in name, requirements or details; Latin terms also as Chinese',
  })
  @ApiResponse({ status: 200, type: SearchBody })
  search(@Query() q: SearchQueryDto) {
    return this.solutions.search(q.query, q.page, q.pageSize);
  }
}
