import type { PeriodType } from '@think-tank/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A subscription plan (or one-time product), priced in CNY and USD, described in Chinese and English. */
@Entity('plans')
export class Plan {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** A stable name for seeds and support staff, e.g. `pro_monthly`. */
  @Column({ type: 'varchar', length: 64, unique: true })
  code!: string;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'varchar', length: 100 })
  nameEn!: string;

  /**
   * The free-text feature lines of the first catalogue: no longer read or written (a plan's features are written
   * from its entitlements, planFeatures). Dropped by the next release's migration: expand, then contract.
   */
  @Column({ type: 'text', array: true, default: '{}' })
  features!: string[];

  @Column({ type: 'text', array: true, default: '{}' })
  featuresEn!: string[];

  @Column({ type: 'text', array: true, default: '{}' })
  benefits!: string[];

  @Column({ type: 'text', array: true, default: '{}' })
  benefitsEn!: string[];

  /** Minor units (fen). */
  @Column({ type: 'int' })
  priceCny!: number;

  /** Minor units (cents). */
  @Column({ type: 'int' })
  priceUsd!: number;

  @Column({ type: 'varchar', length: 16 })
  periodType!: PeriodType;

  /** Higher tiers are upgrades of lower ones. */
  @Column({ type: 'int', default: 1 })
  tier!: number;

  /** The VIP plan, offered through an application rather than a checkout. */
  @Column({ default: false })
  isVip!: boolean;

  /** Workshop start-ups without the start-up fee, per period of a VIP plan. */
  @Column({ type: 'int', default: 0 })
  vipStartupQuota!: number;

  /** Distinct solutions a subscriber may open a day; null: unlimited (contract §11 entitlements). */
  @Column({ type: 'int', nullable: true, default: 20 })
  dailyViewLimit!: number | null;

  /** Percent off workshop stage fees, frozen into a stage's price when it is entered. */
  @Column({ type: 'int', default: 0 })
  stageFeeDiscount!: number;

  /** Favourites and history. */
  @Column({ default: false })
  favouritesAndHistory!: boolean;

  @Column({ default: true })
  isValid!: boolean;

  @Column({ default: false })
  popular!: boolean;

  @Column({ type: 'varchar', length: 100, nullable: true })
  stripePriceId!: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  alipayProductCode!: string | null;

  @Column({ type: 'int', default: 0 })
  sortOrder!: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
