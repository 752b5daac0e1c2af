/** The query and page the home screen shows, as its address holds them (?q=…&page=…). */
export function searchOf(params: URLSearchParams): { query: string; page: number } {
  return { query: params.get('q') ?? '', page: Math.max(1, Number(params.get('page')) || 1) };
}
