import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Whether PostgreSQL answers a trivial query (the health checks). */
@Injectable()
export class DatabaseProbe {
  constructor(private readonly db: DataSource) {}

  async ping(): Promise<void> {
    await this.db.query('SELECT 1');
  }
}
