import type { DemandEventName, MessageType, Stage } from '@think-tank/contracts';
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

  @Column('text')
  message!: string;

  @Column({ type: 'text', nullable: true })
  details!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
