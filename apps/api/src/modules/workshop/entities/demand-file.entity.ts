import type { Stage } from '@think-tank/contracts';
import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Demand } from './demand.entity';

/** A generated lab file (indexp.html, prd.html, design tables), served by the private viewer. */
@Entity('demand_files')
export class DemandFile {
  @PrimaryColumn('uuid')
  demandId!: string;

  /** Relative, without `..` (the viewer refuses those before it looks). */
  @PrimaryColumn({ type: 'varchar', length: 200 })
  path!: string;

  @ManyToOne(() => Demand, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'demandId' })
  demand?: Demand;

  @Column({ type: 'varchar', length: 16 })
  stage!: Stage;

  @Column('text')
  content!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
