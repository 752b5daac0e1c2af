import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { Role } from '@think-tank/contracts';
import { DataSource, Repository } from 'typeorm';
import { AppConfig } from '../../core/config/app-config';
import { User } from './entities/user.entity';
import { PasswordService } from './password.service';
import { TokenService } from './token.service';

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD: the admin account is created when missing, and its password set when
 * ADMIN_PASSWORD changed (ending its sessions). Nothing else is touched: support's decisions stand, so a
 * disabled or demoted admin stays so across restarts.
 */
@Injectable()
export class AdminBootstrap implements OnApplicationBootstrap {
  private readonly logger = new Logger(AdminBootstrap.name);

  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly passwords: PasswordService,
    private readonly tokens: TokenService,
    private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap() {
    if (!this.config.admin) return;
    const { email, password } = this.config.admin;
    const existing = await this.users.findOneBy({ email });
    if (existing) {
      if (await this.passwords.verify(existing.passwordHash, password)) return;
      const passwordHash = await this.passwords.hash(password);
      await this.db.transaction(async (tx) => {
        await tx.update(User, existing.id, {
          passwordHash,
          emailVerifiedAt: existing.emailVerifiedAt ?? new Date(),
        });
        await this.tokens.endAllSessions(tx, existing.id);
      });
      this.tokens.sessionsEnded(existing.id);
      this.logger.log({ email }, 'admin password set from ADMIN_PASSWORD');
      return;
    }
    // API replicas and the worker start at once, and each ensures the account: the first insert wins.
    await this.users.query(
      `INSERT INTO users (username, email, "passwordHash", role, "emailVerifiedAt")
       VALUES (CASE WHEN EXISTS (SELECT 1 FROM users WHERE username = 'admin')
                    THEN 'admin-' || substr(md5(random()::text), 1, 6) ELSE 'admin' END,
               $1, $2, $3, now())
       ON CONFLICT DO NOTHING`,
      [email, await this.passwords.hash(password), Role.Admin],
    );
    this.logger.log({ email }, 'admin account created');
  }
}
