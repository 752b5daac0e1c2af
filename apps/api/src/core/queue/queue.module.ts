import { BullModule } from '@nestjs/bull';
import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';

/** Bull on the app's Redis; queue keys live under REDIS_PREFIX like every other key. */
@Global()
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        url: config.redisUrl,
        prefix: `${config.redisPrefix}:bull`,
      }),
    }),
  ],
})
export class QueueModule {}
