import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Tx } from '../database/transactions.service';
import type { WechatPerson } from './wechat-oauth.service';
import { WechatOpenid } from './wechat-openid.entity';

/** The openids each account has under our WeChat apps: paying inside WeChat needs the official account's. */
@Injectable()
export class WechatOpenids {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Keeps the person's openid under an app of ours (a later account for the same app and openid takes it). */
  async keep(tx: Tx, person: WechatPerson, userId: string): Promise<void> {
    await tx.upsert(WechatOpenid, { appId: person.appId, openid: person.openid, userId }, [
      'appId',
      'openid',
    ]);
  }

  /** The account's latest openid under the app, when it signed in or authorised there. */
  async of(userId: string, appId: string): Promise<string | null> {
    const row = await this.db.manager.findOne(WechatOpenid, {
      where: { userId, appId },
      order: { createdAt: 'DESC' },
    });
    return row?.openid ?? null;
  }

  async forget(tx: Tx, userId: string): Promise<void> {
    await tx.delete(WechatOpenid, { userId });
  }
}
