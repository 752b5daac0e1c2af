import type { OverallStatus, Stage } from '@think-tank/contracts';
import type { Language, QuestionId } from '@think-tank/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A user's requirement on its way through the five stages (contract §8). */
@Entity('demands')
@Index(['userId', 'updatedAt'])
export class Demand {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid')
  userId!: string;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  /** The name of its lab folder in the private viewer's URL; never the user's text. */
  @Index({ unique: true })
  @Column({ type: 'varchar', length: 40 })
  labName!: string;

  @Column('text')
  content!: string;

  @Column('text')
  keyValuePoints!: string;

  /** What registration asked (contract §12), with the answers given since; Startup reads the answered ones. */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  questions!: { id: QuestionId; answer: string | null }[];

  /** The language the generator writes the outputs in: the user's choice, else the demand's own. */
  @Column({ type: 'varchar', length: 2, default: 'zh' })
  outputLanguage!: Language;

  @Column({ type: 'varchar', length: 16, default: 'Startup' })
  currentStage!: Stage;

  @Column({ type: 'varchar', length: 16, default: 'PendingInput' })
  overallStatus!: OverallStatus;

  @Column({ type: 'varchar', length: 32, default: 'companion' })
  demandType!: string;

  @Column({ default: false })
  isMarketReady!: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
