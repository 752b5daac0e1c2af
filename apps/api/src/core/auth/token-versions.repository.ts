import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Role } from '@think-tank/contracts';
import { DataSource } from 'typeorm';

/**
 * The user's token version, whether they are disabled, and their role, as the users table holds them now; and the
 * sessions ended in the last 16 minutes (an access token lives 15), whose access tokens must stop too.
 */
@Injectable()
export class TokenVersionsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async current(
    userId: string,
  ): Promise<{ tokenVersion: number; disabled: boolean; role: Role; endedSessions: string[] } | undefined> {
    const [row] = await this.db.query(
      `SELECT "tokenVersion", disabled, role,
              ARRAY(SELECT id::text FROM sessions
                     WHERE "userId" = u.id AND "revokedAt" > now() - interval '16 minutes') AS "endedSessions"
         FROM users u WHERE id = $1`,
      [userId],
    );
    return row;
  }
}
