import type { InvoiceStatus, InvoiceTitleType, InvoiceType } from '@think-tank/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * A buyer's request for an invoice (发票) of a paid order, and support's answer: the invoice's number and PDF
 * (stored here, like the lab files), or the reason it was refused. At most one live (pending or issued) request per
 * order; a refused one may be asked again, a refunded order's pending one is closed and its issued one is due a
 * red-letter reversal (红冲), which support uploads.
 */
@Entity('invoice_requests')
@Index(['orderId'], { unique: true, where: `status IN ('pending', 'issued')` })
@Index(['status', 'createdAt'])
@Index(['orderId', 'createdAt'])
export class InvoiceRequest {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid')
  orderId!: string;

  @Index()
  @Column('uuid')
  userId!: string;

  /** A company's invoice (title and tax number) or a person's (a name only, no tax number). */
  @Column({ type: 'varchar', length: 16, default: 'company' })
  titleType!: InvoiceTitleType;

  @Column({ type: 'varchar', length: 16 })
  type!: InvoiceType;

  @Column({ type: 'varchar', length: 100 })
  title!: string;

  @Column({ type: 'varchar', length: 18 })
  taxNumber!: string;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ type: 'varchar', length: 200, default: '' })
  address!: string;

  @Column({ type: 'varchar', length: 20, default: '' })
  phone!: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  bank!: string;

  @Column({ type: 'varchar', length: 40, default: '' })
  account!: string;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status!: InvoiceStatus;

  @Column({ type: 'varchar', length: 32, nullable: true })
  invoiceNumber!: string | null;

  /** The issued invoice; never read with the row (`select: false`), only when it is downloaded. */
  @Column({ type: 'bytea', nullable: true, select: false })
  pdf!: Buffer | null;

  /** The red-letter invoice (红冲) that cancels an issued one whose order was refunded. */
  @Column({ type: 'varchar', length: 32, nullable: true })
  reversalNumber!: string | null;

  /** Its PDF; as `pdf`, read only when it is downloaded. */
  @Column({ type: 'bytea', nullable: true, select: false })
  reversalPdf!: Buffer | null;

  @Column({ type: 'text', nullable: true })
  rejectReason!: string | null;

  @Column({ type: 'uuid', nullable: true })
  decidedBy!: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  decidedAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
