import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Solution } from './solution.entity';

/** The last time a reader opened a solution (one row per reader and solution); gone with either. */
@Entity('reading_history')
@Index(['userId', 'viewedAt'])
export class ReadingHistory {
  @PrimaryColumn('uuid')
  userId!: string;

  @PrimaryColumn('uuid')
  solutionId!: string;

  // By the entity's name: the auth module's entities are its own (its index exports none).
  @ManyToOne('User', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId' })
  user?: unknown;

  @ManyToOne(() => Solution, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'solutionId' })
  solution?: Solution;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  viewedAt!: Date;
}
