import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Demand } from './demand.entity';

/** A read-only link to a demand's deliverables (contract §12): whoever holds the token reads them until it expires. */
@Entity('demand_shares')
@Index('IDX_demand_shares_demand_expiry', ['demandId', 'expiresAt'])
export class DemandShare {
  /** 32 random bytes, base64url: the link's only secret. */
  @PrimaryColumn({ type: 'varchar', length: 64, primaryKeyConstraintName: 'PK_demand_shares_token' })
  token!: string;

  @Column('uuid')
  demandId!: string;

  @ManyToOne(() => Demand, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'demandId', foreignKeyConstraintName: 'FK_demand_shares_demand' })
  demand?: Demand;

  @Column({ type: 'timestamptz' })
  expiresAt!: Date;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
