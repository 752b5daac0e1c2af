import type { AdminRefund, PaymentGateway } from '@think-tank/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * An order's refund as its gateway answered it. One row per order, claimed before the gateway is asked, so a
 * repeat or a concurrent twin asks nothing twice; the gateway call itself carries the order id as its key
 * (Alipay's `out_request_no`, Stripe's idempotency key), so even a retry after a crash returns the money once.
 */
@Entity('refunds')
export class Refund {
  @PrimaryColumn('uuid')
  orderId!: string;

  @Column({ type: 'varchar', length: 16 })
  gateway!: PaymentGateway;

  @Column({ type: 'varchar', length: 16 })
  status!: AdminRefund['status'];

  /** The gateway's id for the refund (Stripe `re_…`, Alipay's trade_no), once it agreed. */
  @Column({ type: 'varchar', length: 128, nullable: true })
  gatewayRefundId!: string | null;

  /** Why the gateway refused, as support reads it. */
  @Column({ type: 'text', nullable: true })
  reason!: string | null;

  /** The admin who asked; null for a refund the system made by itself (a late payment's). */
  @Column({ type: 'uuid', nullable: true })
  actorId!: string | null;

  @Column({ type: 'int', default: 1 })
  attempts!: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
