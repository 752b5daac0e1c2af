import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A pay-per-view purchase: this user may read this solution until expiresAt (30 days). */
@Entity('solution_access_grants')
@Index(['userId', 'solutionId', 'expiresAt'])
export class SolutionAccessGrant {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid')
  userId!: string;

  @Column('uuid')
  solutionId!: string;

  /** The order that bought it, once orders exist; a refund revokes the grant. */
  @Column({ type: 'uuid', nullable: true })
  orderId!: string | null;

  @Column({ type: 'timestamptz' })
  expiresAt!: Date;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
