import { Global, Module } from '@nestjs/common';
import { WechatOAuth } from './wechat-oauth.service';
import { WechatOpenids } from './wechat-openids.repository';

@Global()
@Module({ providers: [WechatOAuth, WechatOpenids], exports: [WechatOAuth, WechatOpenids] })
export class WechatModule {}
