import { Column, Entity, Index, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import { Solution } from './solution.entity';

/**
 * The search form of a solution, written with it (performance-notes.md): its three fields lowered and joined
 * by newlines, stored inline and uncompressed, and the distinct 1- and 2-character grams (and Latin trigrams)
 * of that text under a GIN index. 1- and 2-character terms are answered by the index alone; longer terms by
 * their Latin trigrams and bigrams, then a strpos() recheck on the inline text. The GIN index and the storage
 * settings live in the migrations.
 */
@Entity('solution_search')
@Index('IDX_solution_search_recency', ['createdAt', 'solutionId'])
@Index('IDX_solution_search_industry', ['industry', 'createdAt'])
export class SolutionSearch {
  @PrimaryColumn('uuid')
  solutionId!: string;

  @OneToOne(() => Solution, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'solutionId' })
  solution?: Solution;

  /** Copied from the solution, so that paging in recency order needs no join. */
  @Column({ type: 'timestamptz' })
  createdAt!: Date;

  @Column({ type: 'text' })
  text!: string;

  /** Copied from the solution: search's `categories` filter, and a category's newest first by its index. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  industry!: string | null;

  @Index('IDX_solution_search_grams', { synchronize: false })
  @Column({ type: 'text', array: true })
  grams!: string[];

  /**
   * The grams hashed into 4,096 bits (gram_signature(), in the migration). A recency walk tests a term's bits
   * here before searching the text (which took the walk from 1.7 to 0.7 ms for a term in 2.7 % of the library).
   * A trigger writes it.
   */
  @Column({ type: 'bit', length: 4096, select: false, insert: false, update: false })
  signature?: string;
}
