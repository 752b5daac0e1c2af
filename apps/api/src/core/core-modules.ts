import type { AppConfig } from './config/app-config';
import { AuditModule } from './audit/audit.module';
import { TokenVersionsModule } from './auth/token-versions.service';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { ReadinessModule } from './health/readiness.service';
import { MailModule } from './mail/mail.module';
import { MetricsModule } from './metrics/metrics.service';
import { QueueModule } from './queue/queue.module';
import { RealtimeModule } from './realtime/realtime.module';
import { RedisModule } from './redis/redis.module';
import { SmsModule } from './sms/sms.module';
import { WechatModule } from './wechat/wechat.module';

/** The infrastructure both entry points stand on (the API's AppModule and the worker's WorkerModule). */
export const coreModules = (config: AppConfig) => [
  ConfigModule.forRoot(config),
  DatabaseModule,
  RedisModule,
  QueueModule,
  RealtimeModule,
  MailModule,
  SmsModule,
  WechatModule,
  MetricsModule,
  AuditModule,
  TokenVersionsModule,
  ReadinessModule,
];
