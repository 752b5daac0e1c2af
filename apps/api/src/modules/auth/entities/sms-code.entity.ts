import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { SmsPurpose } from '@think-tank/contracts';

/**
 * The one live SMS code of a number for a purpose (contract §12): signing in, or binding the number to an account.
 * Only its hash is kept, bound to the number and the purpose; a new code replaces it; five wrong tries burn it.
 */
@Entity('sms_codes')
export class SmsCode {
  @PrimaryColumn({ type: 'varchar', length: 16 })
  phone!: string;

  @PrimaryColumn({ type: 'varchar', length: 8 })
  purpose!: SmsPurpose;

  @Column({ type: 'char', length: 64 })
  codeHash!: string;

  @Column({ type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ type: 'int', default: 0 })
  failedAttempts!: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
