import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../../core/config/app-config';
import { Transactions } from '../../core/database/transactions.service';
import { PasswordService } from './password.service';
import { TokenService } from './token.service';
import { UsersRepository } from './users.repository';

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD: the admin account is created when missing, and its password set when
 * ADMIN_PASSWORD changed (ending its sessions). Nothing else is touched: support's decisions stand, so a
 * disabled or demoted admin stays so across restarts.
 */
@Injectable()
export class AdminBootstrap implements OnApplicationBootstrap {
  private readonly logger = new Logger(AdminBootstrap.name);

  constructor(
    private readonly users: UsersRepository,
    private readonly transactions: Transactions,
    private readonly passwords: PasswordService,
    private readonly tokens: TokenService,
    private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap() {
    if (!this.config.admin) return;
    const { email, password } = this.config.admin;
    const existing = await this.users.byEmail(email);
    if (existing) {
      if (await this.passwords.verify(existing.passwordHash, password)) return;
      const passwordHash = await this.passwords.hash(password);
      await this.transactions.run(async (tx) => {
        await this.users.update(
          existing.id,
          { passwordHash, emailVerifiedAt: existing.emailVerifiedAt ?? new Date() },
          tx,
        );
        await this.tokens.endAllSessions(tx, existing.id);
      });
      this.tokens.sessionsEnded(existing.id);
      this.logger.log({ email }, 'admin password set from ADMIN_PASSWORD');
      return;
    }
    await this.users.insertAdmin(email, await this.passwords.hash(password));
    this.logger.log({ email }, 'admin account created');
  }
}
