import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { SmsPurpose } from '@think-tank/contracts';
import { Repository } from 'typeorm';
import { SmsCode } from './entities/sms-code.entity';

/** What proves a phone number: its live SMS code per purpose (SmsCode). */
@Injectable()
export class SmsCodesRepository {
  constructor(@InjectRepository(SmsCode) private readonly codes: Repository<SmsCode>) {}

  /** The number's new code for the purpose: the previous one dies with it. */
  async replace(fields: Pick<SmsCode, 'phone' | 'purpose' | 'codeHash' | 'expiresAt'>): Promise<void> {
    await this.codes.upsert({ ...fields, failedAttempts: 0 }, ['phone', 'purpose']);
  }

  /** Takes one of the live code's tries atomically, before it is compared; its hash, or null when none is left. */
  async try(phone: string, purpose: SmsPurpose, maxTries: number): Promise<string | null> {
    const [rows] = (await this.codes.query(
      `UPDATE sms_codes SET "failedAttempts" = "failedAttempts" + 1
        WHERE phone = $1 AND purpose = $2 AND "failedAttempts" < $3 AND "expiresAt" > now()
        RETURNING "codeHash"`,
      [phone, purpose, maxTries],
    )) as [{ codeHash: string }[], number];
    return rows[0]?.codeHash ?? null;
  }

  /** Gives back a try that was right but could not be used yet (the terms not accepted): the code stays usable. */
  async untry(phone: string, purpose: SmsPurpose): Promise<void> {
    await this.codes.query(
      `UPDATE sms_codes SET "failedAttempts" = greatest(0, "failedAttempts" - 1) WHERE phone = $1 AND purpose = $2`,
      [phone, purpose],
    );
  }

  /** Spends the code; false when a concurrent use spent it first. */
  async consume(phone: string, purpose: SmsPurpose, codeHash: string): Promise<boolean> {
    const consumed = await this.codes.delete({ phone, purpose, codeHash });
    return Boolean(consumed.affected);
  }
}
