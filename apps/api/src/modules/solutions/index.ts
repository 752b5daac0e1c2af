/** What other modules may use of solutions; everything else stays inside. */
export { SolutionsModule } from './solutions.module';
export { SolutionsLibraryModule } from './solutions.module';
export { RelatedSolutionsService, type RelatedSolution } from './related-solutions.service';
export { ReadingHistoryRecorder } from './reading-history.recorder';
