import type { PaymentGateway } from '@think-tank/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** `replaced`: ended early by an upgrade that credited its unused days; back to live if that upgrade is refunded. */
export type SubscriptionRowStatus = 'active' | 'canceled' | 'expired' | 'replaced';

/**
 * A paid subscription period. An Alipay or sandbox subscription is one prepaid period per order, renewed by a
 * new order after the reminder; a Stripe subscription is one row whose period follows Stripe's invoices. Access
 * lasts while `currentPeriodEnd` is ahead, also after a cancel; a refund ends it at once.
 */
@Entity('subscriptions')
@Index(['userId', 'currentPeriodEnd'])
@Index(['stripeSubscriptionId'], { unique: true, where: '"stripeSubscriptionId" IS NOT NULL' })
export class Subscription {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid')
  userId!: string;

  @Column('uuid')
  planId!: string;

  /** The order that paid for this period. */
  @Column({ type: 'uuid', unique: true })
  orderId!: string;

  @Column({ type: 'varchar', length: 16 })
  gateway!: PaymentGateway;

  @Column({ type: 'varchar', length: 12, default: 'active' })
  status!: SubscriptionRowStatus;

  @Column({ type: 'timestamptz' })
  currentPeriodStart!: Date;

  @Column({ type: 'timestamptz' })
  currentPeriodEnd!: Date;

  @Column({ type: 'varchar', length: 128, nullable: true })
  stripeSubscriptionId!: string | null;

  /** Stripe's `created` of the newest event applied, so that an older event arriving late changes nothing. */
  @Column({ type: 'bigint', nullable: true })
  stripeEventCreated!: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  canceledAt!: Date | null;

  /** The upgrade's order that replaced this period (its unused days credited against the upgrade's price). */
  @Column({ type: 'uuid', nullable: true })
  replacedByOrderId!: string | null;

  /** Start-ups taken from the plan's `vipStartupQuota` in this period. */
  @Column({ type: 'int', default: 0 })
  vipStartupsUsed!: number;

  /** When the 3-days-before reminder went out, so that it goes out once. */
  @Column({ type: 'timestamptz', nullable: true })
  reminderSentAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
