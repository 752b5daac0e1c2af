import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SearchMiss } from './entities/search-miss.entity';
import { SearchMissesRecorder } from './search-misses.recorder';
import { SearchMissesRepository } from './search-misses.repository';
import { AuthModule } from '../auth';
import { BillingModule } from '../billing';
import { PaywallModule } from '../paywall';
import { AdminSolutionsController } from './admin-solutions.controller';
import { LibraryController } from './library.controller';
import { LibraryRepository } from './library.repository';
import { ReadingHistoryRecorder } from './reading-history.recorder';
import { SolutionsController } from './solutions.controller';
import { SolutionDocumentsService } from './solution-documents.service';
import { RelatedSolutionsService } from './related-solutions.service';
import { SolutionsRepository } from './solutions.repository';
import { SolutionSearchService } from './solution-search.service';
import { SolutionsService } from './solutions.service';
import { TranslationService } from './translation.service';

/** The library's related-solutions search alone, for the worker (it serves none of the library's HTTP). */
@Module({
  providers: [RelatedSolutionsService, SolutionsRepository],
  exports: [RelatedSolutionsService, SolutionsRepository],
})
export class SolutionsLibraryModule {}

@Module({
  imports: [
    AuthModule,
    PaywallModule,
    BillingModule,
    SolutionsLibraryModule,
    TypeOrmModule.forFeature([SearchMiss]),
  ],
  controllers: [SolutionsController, AdminSolutionsController, LibraryController],
  providers: [
    SolutionsService,
    SolutionSearchService,
    SearchMissesRepository,
    SearchMissesRecorder,
    SolutionDocumentsService,
    TranslationService,
    LibraryRepository,
    ReadingHistoryRecorder,
  ],
  exports: [SolutionsService, SolutionsLibraryModule, ReadingHistoryRecorder],
})
export class SolutionsModule {}
