import type { Industry, VipApplicationStatus } from '@think-tank/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * A user's request to become VIP, and support's decision on it. At most one is pending per user: a partial unique
 * index holds it under concurrent submissions.
 */
@Entity('vip_applications')
@Index(['userId'], { unique: true, where: `status = 'pending'` })
@Index(['status', 'createdAt'])
@Index(['userId', 'createdAt'])
export class VipApplication {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid')
  userId!: string;

  @Column({ type: 'varchar', length: 100 })
  company!: string;

  @Column({ type: 'varchar', length: 50 })
  contactName!: string;

  @Column({ type: 'varchar', length: 20 })
  phone!: string;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ type: 'varchar', length: 32 })
  industry!: Industry;

  @Column({ type: 'text' })
  purpose!: string;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status!: VipApplicationStatus;

  @Column({ type: 'text', nullable: true })
  decisionNote!: string | null;

  @Column({ type: 'uuid', nullable: true })
  decidedBy!: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  decidedAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
