import type { PaymentGateway, PaymentMethod } from '@think-tank/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A trade an order opened at its gateway (contract §12): WeChat Pay refuses one `out_trade_no` for another way of
 * paying, so paying a pending order again by another WeChat method closes its trade and opens a new one. A notify
 * for any of an order's trades settles it once.
 */
@Entity('order_trades')
@Index(['orderId', 'openedAt'])
export class OrderTrade {
  /** The `out_trade_no` the gateway knows it by. */
  @PrimaryColumn({ type: 'varchar', length: 32 })
  tradeNo!: string;

  @Column('uuid')
  orderId!: string;

  @Column({ type: 'varchar', length: 16 })
  gateway!: PaymentGateway;

  @Column({ type: 'varchar', length: 16 })
  method!: PaymentMethod;

  @CreateDateColumn({ type: 'timestamptz' })
  openedAt!: Date;

  /** When it was closed at the gateway (it can no longer take money); null while open. */
  @Column({ type: 'timestamptz', nullable: true })
  closedAt!: Date | null;
}
