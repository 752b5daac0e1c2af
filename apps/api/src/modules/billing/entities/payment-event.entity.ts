import type { PaymentGateway } from '@think-tank/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * A gateway message already handled (a Stripe event id, an Alipay notify id), recorded in the transaction of its
 * effect: a repeat finds its row and changes nothing.
 */
@Entity('payment_events')
export class PaymentEvent {
  @PrimaryColumn({ type: 'varchar', length: 16 })
  gateway!: PaymentGateway;

  @PrimaryColumn({ type: 'varchar', length: 128 })
  eventId!: string;

  @Column({ type: 'varchar', length: 64 })
  type!: string;

  @Column({ type: 'uuid', nullable: true })
  orderId!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  receivedAt!: Date;
}
