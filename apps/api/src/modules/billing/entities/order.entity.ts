import type {
  Currency,
  OrderStatus,
  PaymentGateway,
  PaymentItemType,
  PaymentType,
  Stage,
} from '@think-tank/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * One purchase through one gateway (contract §6). Its id is the `out_trade_no` sent to Alipay; the price is the
 * server's. Only FulfilmentService moves it out of `pending`, and grants what it bought in the same transaction.
 */
@Entity('orders')
@Index(['userId', 'createdAt'])
@Index(['status', 'createdAt'])
@Index(['gateway', 'gatewayTradeNo'], { unique: true, where: '"gatewayTradeNo" IS NOT NULL' })
export class Order {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid')
  userId!: string;

  @Column({ type: 'varchar', length: 16 })
  gateway!: PaymentGateway;

  @Column({ type: 'varchar', length: 16 })
  paymentType!: PaymentType;

  @Column({ type: 'varchar', length: 32 })
  itemType!: PaymentItemType;

  /** A plan id or a catalogue item id (`single_solution_view`, `demand_startup`, …). */
  @Column({ type: 'varchar', length: 64 })
  itemId!: string;

  /** The solution a pay-per-view order unlocks. */
  @Column({ type: 'uuid', nullable: true })
  solutionId!: string | null;

  /** The demand a workshop fee is for, and the stage it pays for (kept when the demand is deleted). */
  @Column({ type: 'uuid', nullable: true })
  demandId!: string | null;

  @Column({ type: 'varchar', length: 16, nullable: true })
  stage!: Stage | null;

  /** Minor units. */
  @Column({ type: 'int' })
  amount!: number;

  @Column({ type: 'varchar', length: 3 })
  currency!: Currency;

  @Column({ type: 'varchar', length: 200 })
  subject!: string;

  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status!: OrderStatus;

  /** Alipay's trade_no, Stripe's payment intent or subscription id. */
  @Column({ type: 'varchar', length: 128, nullable: true })
  gatewayTradeNo!: string | null;

  /** Set when a gateway message did not match the order (signature fine, amount or app wrong): support looks. */
  @Column({ type: 'text', nullable: true })
  flaggedReason!: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  paidAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
