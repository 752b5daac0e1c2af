import type {
  DemandEventName,
  MessageType,
  ProgressParams,
  Stage,
  StageProgressKey,
} from '@think-tank/contracts';
import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { Demand } from './demand.entity';

/** A progress message of a stage job, stored so that a page opened late replays what it missed. */
@Entity('demand_events')
@Index(['demandId', 'id'])
export class DemandEvent {
  @PrimaryGeneratedColumn('increment', { type: 'bigint' })
  id!: string;

  @Column('uuid')
  demandId!: string;

  @ManyToOne(() => Demand, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'demandId' })
  demand?: Demand;

  @Column({ type: 'varchar', length: 16 })
  stage!: Stage;

  @Column({ type: 'varchar', length: 24 })
  event!: DemandEventName;

  @Column({ type: 'varchar', length: 12 })
  messageType!: MessageType;

  /** The line in Chinese, as the contract's `message`. */
  @Column('text')
  message!: string;

  /** The line's key and parameters, so that each reader sees it in their language (null on older rows). */
  @Column({ type: 'varchar', length: 32, nullable: true })
  messageKey!: StageProgressKey | null;

  @Column({ type: 'jsonb', nullable: true })
  params!: ProgressParams | null;

  @Column({ type: 'text', nullable: true })
  details!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
