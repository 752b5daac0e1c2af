import { Global, Module, type DynamicModule } from '@nestjs/common';
import { AppConfig } from './app-config';

/** Makes the one validated AppConfig injectable everywhere. */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: ConfigModule,
      providers: [{ provide: AppConfig, useValue: config }],
      exports: [AppConfig],
    };
  }
}
