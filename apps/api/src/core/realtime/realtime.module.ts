import { Global, Module } from '@nestjs/common';
import { SocketPush } from './socket-push.service';

@Global()
@Module({ providers: [SocketPush], exports: [SocketPush] })
export class RealtimeModule {}
