import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A query visitors searched for that found nothing, or only solutions holding some of its words (contract §12): the
 * library's to-do list. Counted per Asia/Shanghai day, normalised and cut to 100 characters, with no user; kept 90
 * days, at most 10,000 distinct queries a day.
 */
@Entity('search_misses')
export class SearchMiss {
  @PrimaryColumn({ type: 'date' })
  day!: string;

  @PrimaryColumn({ type: 'varchar', length: 100 })
  query!: string;

  /** `none`: nothing found; `words`: found only by its words. The latest of the day. */
  @Column({ type: 'varchar', length: 8 })
  kind!: 'none' | 'words';

  @Column({ type: 'int', default: 1 })
  count!: number;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  lastSeenAt!: Date;
}
