import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Demand } from './demand.entity';

/** A read-only link to a demand's deliverables (contract §12): whoever holds the token reads them until it expires. */
@Entity('demand_shares')
@Index(['demandId', 'expiresAt'])
export class DemandShare {
  /** 32 random bytes, base64url: the link's only secret. */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  token!: string;

  @Column('uuid')
  demandId!: string;

  @ManyToOne(() => Demand, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'demandId' })
  demand?: Demand;

  @Column({ type: 'timestamptz' })
  expiresAt!: Date;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
