import { Injectable } from '@nestjs/common';
import { glossaryAlternatives } from './glossary';
import { SolutionsRepository } from './solutions.repository';

export interface RelatedSolution {
  id: string;
  name: string;
  /** The phrases it shares with what it was asked for. */
  matched: string[];
}

/**
 * The library's solutions most related to a set of key phrases (a demand's, issue 21): found with the library's
 * own search, ranked by how many of the phrases each matches. A deleted solution is simply no longer found.
 */
@Injectable()
export class RelatedSolutionsService {
  constructor(private readonly solutions: SolutionsRepository) {}

  async related(phrases: string[], limit = 5): Promise<RelatedSolution[]> {
    const terms = [...new Set(phrases.map((p) => p.toLowerCase().trim()))]
      .filter((p) => p.length >= 2)
      .slice(0, 8);
    if (!terms.length) return [];
    // A Latin phrase also matches its Chinese translation, as in search.
    const alternatives = terms.map(glossaryAlternatives);
    const rows = await this.solutions.mostMatching(alternatives, limit);
    const found = rows.map((r) => ({ id: r.id, name: r.name, matched: terms.filter((_, i) => r.hits[i]) }));
    // One shared word is chance when enough solutions share two or more: cite only those then.
    const strong = found.filter((r) => r.matched.length >= 2);
    return strong.length >= 3 ? strong : found;
  }
}
