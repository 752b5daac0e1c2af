import type { IdentityProvider } from '@think-tank/contracts';
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

/** A third-party identity, keyed by (provider, provider user id). */
@Entity('identities')
@Index(['provider', 'providerUserId'], { unique: true })
export class Identity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 16 })
  provider!: IdentityProvider;

  @Column({ type: 'varchar', length: 255 })
  providerUserId!: string;

  @Index()
  @Column('uuid')
  userId!: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId' })
  user?: User;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
