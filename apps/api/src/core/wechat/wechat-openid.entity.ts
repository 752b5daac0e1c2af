import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A person's openid under one of our WeChat apps (the website app, the official account), learnt when they sign in
 * or authorise there: paying inside WeChat (JSAPI) needs the payer's openid under the official account.
 */
@Entity('wechat_openids')
export class WechatOpenid {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  appId!: string;

  @PrimaryColumn({ type: 'varchar', length: 64 })
  openid!: string;

  @Index()
  @Column('uuid')
  userId!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
