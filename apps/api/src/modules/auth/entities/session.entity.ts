import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { User } from './user.entity';

/**
 * One signed-in session (a refresh-token family), one row however often it refreshes: its refresh token is
 * `<id>.<generation>.<mac>`, the mac a keyed hash of the id and generation (TokenService), so that nothing secret is
 * stored, every spent token is still recognised (a generation behind), and the list of devices reads one row each.
 */
@Entity('sessions')
@Index(['userId', 'lastUsedAt'])
export class Session {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid')
  userId!: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId' })
  user?: User;

  /** The generation of the refresh token now valid; every lower one is spent. */
  @Column({ type: 'int', default: 0 })
  generation!: number;

  /** The browser that signed in (its User-Agent, cut to 300 characters). */
  @Column({ type: 'varchar', length: 300, nullable: true })
  userAgent!: string | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  signedInAt!: Date;

  @Column({ type: 'timestamptz' })
  lastUsedAt!: Date;

  /** When the last rotation happened: the token it spent answers the same pair for 30 s. */
  @Column({ type: 'timestamptz', nullable: true })
  rotatedAt!: Date | null;

  /** The absolute expiry: rotation never extends a session beyond it. */
  @Column({ type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;
}
