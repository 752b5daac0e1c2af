import type { LibraryIndustry } from '@think-tank/contracts';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A solution of the library: three searchable fields and the HTML document readers pay for. */
@Entity('solutions')
export class Solution {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 200 })
  projectName!: string;

  @Column({ type: 'text' })
  projectRequirements!: string;

  @Column({ type: 'text' })
  projectRequirementsDetails!: string;

  @Column({ type: 'text' })
  html!: string;

  /** Its library industry (LIBRARY_INDUSTRIES): what search's `categories` filters by; null for none. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  industry!: LibraryIndustry | null;

  @Index()
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
