import { Injectable, type OnModuleInit } from '@nestjs/common';
import * as argon2 from 'argon2';
import { randomBytes } from 'node:crypto';

/** OWASP's argon2id minimum: 19 MiB, 2 passes, 1 lane (contract §3). */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

@Injectable()
export class PasswordService implements OnModuleInit {
  private dummyHash = '';

  async onModuleInit() {
    this.dummyHash = await argon2.hash(randomBytes(16).toString('hex'), OPTIONS);
  }

  hash(password: string): Promise<string> {
    return argon2.hash(password, OPTIONS);
  }

  /** Verifies against the stored hash, or against a dummy one so an unknown user costs the same time. */
  async verify(hash: string | null | undefined, password: string): Promise<boolean> {
    const ok = await argon2.verify(hash || this.dummyHash, password).catch(() => false);
    return ok && Boolean(hash);
  }
}
