import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * Which kinds of event a user also gets by e-mail, once they chose (contract §11); without a row, the defaults
 * (DEFAULT_NOTIFICATION_PREFERENCES). Gone with the user.
 */
@Entity('mail_preferences')
export class MailPreference {
  @PrimaryColumn('uuid')
  userId!: string;

  // By the entity's name: the auth module's entities are its own.
  @OneToOne('User', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId' })
  user?: unknown;

  @Column({ default: true })
  stage!: boolean;

  @Column({ default: true })
  payment!: boolean;

  @Column({ default: false })
  subscription!: boolean;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
