import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * An in-product message to one user, kept in both languages so that each reader (and each socket) gets it in
 * theirs. A broadcast is fanned out to one row per user: reading state stays a plain column.
 */
@Entity('messages')
@Index(['userId', 'createdAt'])
@Index('IDX_messages_unread', ['userId'], { where: '"readAt" IS NULL' })
export class Message {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column('uuid')
  userId!: string;

  @Column({ type: 'varchar', length: 200 })
  titleZh!: string;

  @Column({ type: 'varchar', length: 200 })
  titleEn!: string;

  @Column({ type: 'text' })
  contentZh!: string;

  @Column({ type: 'text' })
  contentEn!: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  actionUrl!: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  readAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
