import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { User } from './user.entity';

/**
 * One acceptance of the terms and the privacy policy (contract §12: a consent log, kept and exported): the versions
 * accepted, when, and from which address. The user's row holds only the latest; this keeps every one.
 */
@Entity('consents')
@Index(['userId', 'acceptedAt'])
export class Consent {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid')
  userId!: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId' })
  user?: User;

  @Column({ type: 'varchar', length: 32 })
  termsVersion!: string;

  @Column({ type: 'varchar', length: 32 })
  privacyVersion!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  acceptedAt!: Date;

  /** The client's address; erased with the account (the versions and the time stay, as the row's do). */
  @Column({ type: 'varchar', length: 45, nullable: true })
  address!: string | null;
}
