import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { IsolationLevel } from 'typeorm/driver/types/IsolationLevel';

/**
 * A unit of work that spans repositories. A service says where it begins and ends; the repositories it calls run their
 * SQL in it. Services hand a `Tx` on and never call it (lint: docs/architecture.md#layers).
 */
export type Tx = EntityManager;

@Injectable()
export class Transactions {
  constructor(private readonly db: DataSource) {}

  run<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  run<T>(isolation: IsolationLevel, work: (tx: Tx) => Promise<T>): Promise<T>;
  run<T>(first: IsolationLevel | ((tx: Tx) => Promise<T>), work?: (tx: Tx) => Promise<T>): Promise<T> {
    return typeof first === 'function' ? this.db.transaction(first) : this.db.transaction(first, work!);
  }
}
