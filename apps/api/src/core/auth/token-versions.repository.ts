import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Role } from '@think-tank/contracts';
import { DataSource } from 'typeorm';

/** The user's token version, whether they are disabled, and their role, as the users table holds them now. */
@Injectable()
export class TokenVersionsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async current(
    userId: string,
  ): Promise<{ tokenVersion: number; disabled: boolean; role: Role } | undefined> {
    const [row] = await this.db.query(`SELECT "tokenVersion", disabled, role FROM users WHERE id = $1`, [
      userId,
    ]);
    return row;
  }
}
