import { Role, type Language } from '@think-tank/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('users')
export class User {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** citext: "LiLei" and "lilei" are one account. */
  @Column({ type: 'citext', unique: true })
  username!: string;

  /** Null for an account made by a phone number or WeChat, which never gave one. */
  @Column({ type: 'citext', unique: true, nullable: true })
  email!: string | null;

  /** A mainland mobile number in E.164 (contract §12), proven by an SMS code; a way to sign in. */
  @Column({ type: 'varchar', length: 16, unique: true, nullable: true })
  phone!: string | null;

  /** argon2id; null for accounts made through a third-party sign-in only. */
  @Column({ type: 'text', nullable: true })
  passwordHash!: string | null;

  @Column({ type: 'varchar', length: 16, default: Role.Free })
  role!: Role;

  /** Paid status set by an admin; subscriptions add their own paid periods. */
  @Column({ default: false })
  isPaid!: boolean;

  @Column({ type: 'int', default: 0 })
  vipStartupQuota!: number;

  @Column({ type: 'timestamptz', nullable: true })
  emailVerifiedAt!: Date | null;

  @Column({ default: false })
  disabled!: boolean;

  /** Stamped into access tokens; raised to end every token issued before (TokenVersions). */
  @Column({ type: 'int', default: 0 })
  tokenVersion!: number;

  /** The language the user last signed in with (Accept-Language): their mails are written in it. */
  @Column({ type: 'varchar', length: 2, default: 'zh' })
  language!: Language;

  /** The versions of the terms and the privacy policy the user accepted, and when (null: none yet). */
  @Column({ type: 'varchar', length: 32, nullable: true })
  termsVersion!: string | null;

  @Column({ type: 'varchar', length: 32, nullable: true })
  privacyVersion!: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  termsAcceptedAt!: Date | null;

  /** When its owner deleted it: the row stays, anonymised and disabled, for the orders it holds (contract §11). */
  @Column({ type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
