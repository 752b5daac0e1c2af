import { Column, CreateDateColumn, Entity, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import { User } from './user.entity';

/** The one pending change of a user's e-mail: the new address and the code mailed to it; a new one replaces it. */
@Entity('email_changes')
export class EmailChange {
  @PrimaryColumn('uuid')
  userId!: string;

  @OneToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId' })
  user?: User;

  @Column({ type: 'citext' })
  newEmail!: string;

  @Column({ type: 'char', length: 64 })
  codeHash!: string;

  @Column({ type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ type: 'int', default: 0 })
  failedAttempts!: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
