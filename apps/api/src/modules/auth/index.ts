/** What other modules may use of auth; everything else stays inside. */
export { AuthModule } from './auth.module';
export { AuthService } from './auth.service';
export { UsersAdminService } from './users-admin.service';
export { AuthJobsModule } from './auth-jobs.module';
export { VipApplicationsService } from './vip-applications.service';
export { VipApprovalDto, VipRejectionDto } from './dto/vip-application.dto';
