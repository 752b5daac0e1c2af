/** What other modules may use of solutions; everything else stays inside. */
export { GLOSSARY } from './glossary';
export { SolutionsModule } from './solutions.module';
