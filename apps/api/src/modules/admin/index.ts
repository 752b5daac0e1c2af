/** What other modules may use of admin; everything else stays inside. */
export { AdminModule } from './admin.module';
