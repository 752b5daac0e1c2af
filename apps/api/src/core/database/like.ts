/** An ILIKE pattern (with `ESCAPE '\'`) matching text that contains `term` as typed: its `%`, `_` and `\` are literal. */
export const containing = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
