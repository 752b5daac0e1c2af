import type {
  DemandModule,
  Stage,
  StageInput,
  StageOutput,
  StagePaymentStatus,
  StageStatus,
} from '@think-tank/contracts';
import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { Demand } from './demand.entity';

/** An earlier version of a stage's output, kept on every save and every re-run. */
export interface StageVersion {
  output: StageOutput;
  selectedModules: DemandModule[];
  savedAt: string;
  reason: 'edited' | 'regenerated' | 'revised';
}

/** One stage of one demand: its state, payment, input, output and the output's history. */
@Entity('demand_stages')
export class DemandStage {
  @PrimaryColumn('uuid')
  demandId!: string;

  @PrimaryColumn({ type: 'varchar', length: 16 })
  stage!: Stage;

  @ManyToOne(() => Demand, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'demandId' })
  demand?: Demand;

  @Column({ type: 'varchar', length: 16, default: 'NotStarted' })
  status!: StageStatus;

  @Column({ type: 'varchar', length: 16, default: 'NotRequired' })
  paymentStatus!: StagePaymentStatus;

  @Column({ type: 'jsonb', nullable: true })
  input!: StageInput | null;

  @Column({ type: 'jsonb', nullable: true })
  output!: StageOutput | null;

  @Column({ type: 'jsonb', default: () => `'[]'` })
  selectedModules!: DemandModule[];

  /**
   * The modules selected in the stage before, frozen when this stage was entered: what its fee was priced from,
   * what it is generated from. Null for Startup (and for stages entered before it was kept).
   */
  @Column({ type: 'jsonb', nullable: true })
  paidModules!: DemandModule[] | null;

  /** Percent off its fee the buyer's plan gave when it was entered: frozen with the modules it is priced from. */
  @Column({ type: 'int', default: 0 })
  feeDiscount!: number;

  /**
   * The plan order whose period waived (VIP) or discounted this stage's fee; its refund takes that back from a
   * stage not yet completed (contract §12). Null when nothing did, or the VIP role did.
   */
  @Column({ type: 'uuid', nullable: true })
  waivedBy!: string | null;

  @Column({ type: 'text', nullable: true })
  errorMessage!: string | null;

  /** Counts the user's runs of this stage (first run, retries, revisions): part of the job id. */
  @Column({ type: 'int', default: 0 })
  run!: number;

  /** Made before the demand was revised; kept as history. */
  @Column({ default: false })
  stale!: boolean;

  /** Not read unless asked for (only edits and re-runs touch it): a demand's read never parses 20 old versions. */
  @Column({ type: 'jsonb', default: () => `'[]'`, select: false })
  history!: StageVersion[];

  /**
   * When its fee was last refunded (contract §11): the stage waits for its fee again, and nothing re-runs it unpaid
   * (402). A completed stage keeps its output, delivered before the refund. Cleared when the fee is paid again.
   */
  @Column({ type: 'timestamptz', nullable: true })
  feeRefundedAt!: Date | null;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
