import type {
  Currency,
  OrderStatus,
  PaymentGateway,
  PaymentItemType,
  PaymentMethod,
  PaymentType,
  PurchaseSubject,
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

  /** How it was last handed to its gateway (a pending order paid again on a phone changes it); null for older orders. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  method!: PaymentMethod | null;

  @Column({ type: 'varchar', length: 16 })
  paymentType!: PaymentType;

  @Column({ type: 'varchar', length: 32 })
  itemType!: PaymentItemType;

  /** A plan id or a catalogue item id (`single_solution_view`, `demand_startup`, …). */
  @Column({ type: 'varchar', length: 64 })
  itemId!: string;

  /**
   * The purchase subject (contract's PurchaseSubject): what the order is for beyond its catalogue item — the
   * solution a view unlocks, the demand and stage a workshop fee pays for. Null for plans and plain items; kept
   * when the subject is deleted.
   */
  @Column({ type: 'varchar', length: 16, nullable: true })
  subjectKind!: PurchaseSubject['kind'] | null;

  @Column({ type: 'uuid', nullable: true })
  subjectId!: string | null;

  @Column({ type: 'varchar', length: 16, nullable: true })
  subjectPart!: string | null;

  /** Minor units: what the buyer is charged, after any credit. */
  @Column({ type: 'int' })
  amount!: number;

  /**
   * Minor units taken off the plan's price for the unused days of the live period it replaces (contract §12 "Plans
   * change at once"); 0 for anything else.
   */
  @Column({ type: 'int', default: 0 })
  creditApplied!: number;

  @Column({ type: 'varchar', length: 3 })
  currency!: Currency;

  /** The order's title as the gateway and the buyer see it (Alipay's `subject`). */
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

  /**
   * When a payment arrived for it after it was cancelled (contract §12): it bought nothing, and is refunded
   * automatically (`canceled → refunded`, nothing to revoke).
   */
  @Column({ type: 'timestamptz', nullable: true })
  latePaidAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}

/** An order's subject columns from a purchase subject (all null for none). */
export const subjectColumns = (
  subject: PurchaseSubject | null,
): Pick<Order, 'subjectKind' | 'subjectId' | 'subjectPart'> => ({
  subjectKind: subject?.kind ?? null,
  subjectId: subject?.id ?? null,
  subjectPart: subject?.part ?? null,
});

/** An order's purchase subject, or null for a plan or a plain item. */
export const subjectOf = (
  order: Pick<Order, 'subjectKind' | 'subjectId' | 'subjectPart'>,
): PurchaseSubject | null =>
  order.subjectKind && order.subjectId
    ? { kind: order.subjectKind, id: order.subjectId, part: order.subjectPart }
    : null;

/** The order's subject as the public API names it (order status, admin orders): a solution id, a demand id. */
export const subjectIds = (
  order: Pick<Order, 'subjectKind' | 'subjectId'>,
): { solutionId: string | null; demandId: string | null } => ({
  solutionId: order.subjectKind === 'solution' ? order.subjectId : null,
  demandId: order.subjectKind === 'demand' ? order.subjectId : null,
});
