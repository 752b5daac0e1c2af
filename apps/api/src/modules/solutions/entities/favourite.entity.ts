import { CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Solution } from './solution.entity';

/** A solution a reader starred; gone with the reader or the solution. */
@Entity('favourites')
@Index(['userId', 'createdAt'])
export class Favourite {
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

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
