import type { SearchResponse } from '@think-tank/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig, unstable_serialize } from 'swr';
import { describe, expect, it } from 'vitest';
import { solutionKeys } from '../../solutions';
import { searchOf } from '../search-params';
import HomePage from './HomePage';

const item = (i: number, extra: Partial<SearchResponse['list'][number]> = {}) => ({
  _id: `00000000-0000-4000-8000-00000000000${i}`,
  projectName: `智能制造方案${i}`,
  projectRequirements: '需求'.repeat(100),
  projectRequirementsDetails: '细节'.repeat(80),
  ...extra,
});

/** An answer of `total` results listing these, newest first unless said otherwise. */
const answer = (list: SearchResponse['list'], totalCount: number, more: Partial<SearchResponse> = {}) => ({
  list,
  totalCount,
  page: 1,
  pageSize: 5,
  sort: 'newest' as const,
  matchedBy: 'terms' as const,
  ...more,
});

/**
 * The page with the given answers already in SWR's cache for the searches their addresses say ('q=仓储&page=2'),
 * so nothing is fetched. With no answers it fetches for real, and jsdom reaches no server: a genuine network failure.
 */
function renderWith(answers: Record<string, SearchResponse>, url = '/') {
  const cache = new Map(
    Object.entries(answers).map(([address, data]) => [
      unstable_serialize(solutionKeys.search(searchOf(new URLSearchParams(address)))),
      { data },
    ]),
  );
  const fetches = Object.keys(answers).length === 0;
  render(
    <SWRConfig
      value={{
        provider: () => cache,
        revalidateOnMount: fetches,
        revalidateIfStale: false,
        dedupingInterval: 0,
      }}
    >
      <MemoryRouter initialEntries={[url]}>
        <HomePage />
      </MemoryRouter>
    </SWRConfig>,
  );
}

describe('HomePage', () => {
  it('says when a sentence was read by its words, names them, and marks them in the results', async () => {
    renderWith(
      {
        'q=质检靠人工看太慢了': answer(
          [item(1, { projectName: '产线视觉质检', projectRequirements: '人工目检漏检' })],
          1,
          {
            matchedBy: 'words',
            words: ['质检', '人工'],
            sort: 'relevance',
          },
        ),
      },
      '/?q=质检靠人工看太慢了',
    );
    expect(await screen.findByTestId('matched-by-words')).toHaveTextContent(
      '未找到完整匹配，以下结果包含：质检 · 人工',
    );
    expect(screen.getAllByText('质检', { selector: 'mark' })).toHaveLength(1);
    expect(screen.getAllByText('人工', { selector: 'mark' })).toHaveLength(1);
  });

  it('lists results with their count, snippets of 150 and 100 characters, new-tab links and pages of 5', async () => {
    renderWith({
      '': answer(
        [1, 2, 3, 4, 5].map((i) => item(i)),
        7,
      ),
    });
    expect(await screen.findByText('共找到 7 个方案')).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: /智能制造方案/ });
    expect(links).toHaveLength(5);
    expect(links[0]).toHaveAttribute('href', '/solutions/00000000-0000-4000-8000-000000000001/view');
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(within(links[0]).getByText(/^(需求)+…$/).textContent).toHaveLength(151);
    expect(within(links[0]).getByText(/^(细节)+…$/).textContent).toHaveLength(101);
    const pages = screen.getByRole('list', { name: '分页' });
    expect(within(pages).getByText('2')).toBeInTheDocument();
    expect(within(pages).queryByText('3')).not.toBeInTheDocument();
  });

  it('says 1000+ when the count is capped', async () => {
    renderWith({ 'q=常见': answer([item(1)], 1000, { totalCountCapped: true }) }, '/?q=常见');
    expect(await screen.findByText('共找到 1000+ 个方案')).toBeInTheDocument();
    // Asked for relevance, answered newest first (past the count): the page says why, and how to rank them.
    expect(screen.getByText(/按最新发布排列；再加一个关键词即可按相关度排序/)).toBeInTheDocument();
  });

  it('marks the searched terms in the results, whatever their case', async () => {
    renderWith(
      {
        'q=ai 质检': answer(
          [item(1, { projectName: 'AI 视觉质检', projectRequirements: '用 ai 做质检' })],
          1,
          {
            sort: 'relevance',
          },
        ),
      },
      '/?q=ai%20质检',
    );
    const marks = (await screen.findAllByText(/^(ai|质检)$/i)).filter((el) => el.tagName === 'MARK');
    expect(marks.map((m) => m.textContent)).toEqual(['AI', '质检', 'ai', '质检']);
    expect(screen.getByRole('searchbox')).toHaveValue('ai 质检');
  });

  it('asks for other keywords when nothing matches, without pagination', async () => {
    renderWith({ 'q=无此词': answer([], 0) }, '/?q=无此词');
    expect(await screen.findByText('没有匹配的方案，请更换关键词')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: '分页' })).not.toBeInTheDocument();
  });

  it('offers to create a requirement below 3 results, carrying the keywords, and not from 3 on', async () => {
    renderWith(
      {
        'q=冷门 词': answer([item(1), item(2)], 2),
        'q=常见': answer([item(1), item(2), item(3)], 3),
      },
      '/?q=冷门%20词',
    );
    const create = await screen.findByRole('link', { name: '没有找到合适的方案？创建新需求' });
    expect(create).toHaveAttribute('href', '/requirements');
    await userEvent.clear(screen.getByRole('searchbox'));
    await userEvent.type(screen.getByRole('searchbox'), '常见{Enter}');
    expect(await screen.findByText('共找到 3 个方案')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '没有找到合适的方案？创建新需求' })).not.toBeInTheDocument();
  });

  it('reports a failed search and offers to retry, keeping what was typed', async () => {
    renderWith({});
    expect(await screen.findByText('获取方案列表失败')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '没有找到合适的方案？创建新需求' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重试' })).toBeEnabled();
    await userEvent.type(screen.getByRole('searchbox'), '仓储');
    expect(screen.getByRole('searchbox')).toHaveValue('仓储');
  });

  it('searches on Enter and starts again at page 1', async () => {
    renderWith(
      {
        'page=2': answer([item(6)], 6, { page: 2 }),
        'q=仓储': answer([item(7, { projectName: '仓储机器人' })], 1),
      },
      '/?page=2',
    );
    expect(await screen.findByText('智能制造方案6')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox'), '仓储{Enter}');
    expect(await screen.findByText('共找到 1 个方案')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /仓储机器人/ })).toBeInTheDocument();
  });

  it('filters by industry and sorts by relevance or newest, starting again at page 1 and keeping the terms', async () => {
    renderWith(
      {
        'q=冷链&page=2': answer([item(1)], 6, { page: 2, sort: 'relevance' }),
        'q=冷链&industry=logistics': answer([item(2, { projectName: '冷链物流方案' })], 1, {
          sort: 'relevance',
        }),
        'q=冷链&industry=logistics&sort=newest': answer([item(3, { projectName: '冷链新方案' })], 1),
        'q=冷链&industry=catering&sort=newest': answer([], 0),
        'q=冷链&sort=newest': answer([item(4, { projectName: '全部行业的冷链方案' })], 1),
      },
      '/?q=冷链&page=2',
    );
    expect(await screen.findByText('智能制造方案1')).toBeInTheDocument();
    const industry = screen.getByRole('combobox', { name: '行业' });
    const sort = screen.getByRole('combobox', { name: '排序' });
    expect(industry).toHaveValue('');
    expect(sort).toHaveValue('relevance');
    await userEvent.selectOptions(industry, '物流');
    expect(await screen.findByRole('link', { name: /冷链物流方案/ })).toBeInTheDocument();
    await userEvent.selectOptions(sort, '最新发布');
    expect(await screen.findByRole('link', { name: /冷链新方案/ })).toBeInTheDocument();
    // Nothing in this industry: say so, and offer every industry again (the terms and order kept).
    await userEvent.selectOptions(industry, '餐饮');
    expect(await screen.findByText('餐饮行业没有匹配的方案')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '在全部行业中查找' }));
    expect(await screen.findByRole('link', { name: /全部行业的冷链方案/ })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: '行业' })).toHaveValue('');
  });

  it('offers no order for a blank query, which lists the newest first', async () => {
    renderWith({ 'industry=energy': answer([item(5)], 1) }, '/?industry=energy&sort=newest');
    expect(await screen.findByText('智能制造方案5')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: '行业' })).toHaveValue('energy');
    expect(screen.queryByRole('combobox', { name: '排序' })).not.toBeInTheDocument();
  });
});
