import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { SolutionCitations } from '@think-tank/contracts';
import { DataSource } from 'typeorm';

/** What the stages delivered, as readers ask for it: a demand's lab files, and the solutions outputs cite. */
@Injectable()
export class DemandDeliverablesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The solutions stage outputs cite most, with how many outputs cite each (deleted solutions left out). */
  async mostCited(limit: number): Promise<SolutionCitations[]> {
    const rows: { solutionId: string; name: string; citations: number }[] = await this.db.query(
      `SELECT c->>'id' AS "solutionId", so."projectName" AS name, count(*)::int AS citations
         FROM demand_stages ds, jsonb_array_elements(ds.output->'related_solutions') c
         JOIN solutions so ON so.id::text = c->>'id'
        WHERE jsonb_typeof(ds.output->'related_solutions') = 'array'
        GROUP BY 1, 2 ORDER BY citations DESC, name LIMIT $1`,
      [limit],
    );
    return rows;
  }

  /** A lab file of the demand named `labName`, if the reader owns it or is staff (null otherwise). */
  async labFile(labName: string, path: string, readerId: string, staff: boolean): Promise<string | null> {
    const rows: { content: string }[] = await this.db.query(
      `SELECT f.content FROM demand_files f JOIN demands d ON d.id = f."demandId"
        WHERE d."labName" = $1 AND f.path = $2 AND (d."userId" = $3 OR $4::boolean)`,
      [labName, path, readerId, staff],
    );
    return rows[0]?.content ?? null;
  }
}
