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
 * One refresh token of a rotating family. The secret is stored only as its SHA-256;
 * a token used twice revokes its whole family.
 */
@Entity('refresh_tokens')
export class RefreshToken {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index()
  @Column('uuid')
  userId!: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId' })
  user?: User;

  @Index()
  @Column('uuid')
  familyId!: string;

  @Column({ type: 'char', length: 64 })
  secretHash!: string;

  /** The browser that signed in (its User-Agent, cut to 300 characters), for the list of signed-in devices. */
  @Column({ type: 'varchar', length: 300, nullable: true })
  userAgent!: string | null;

  /** The family's absolute expiry: rotation never extends a session beyond it. */
  @Column({ type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  usedAt!: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
