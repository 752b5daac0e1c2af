import type { SearchResponse } from '@think-tank/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig, unstable_serialize } from 'swr';
import { describe, expect, it } from 'vitest';
import { solutionKeys } from '../../solutions';
import HomePage from './HomePage';

const item = (i: number, extra: Partial<SearchResponse['list'][number]> = {}) => ({
  _id: `00000000-0000-4000-8000-00000000000${i}`,
  projectName: `智能制造方案${i}`,
  projectRequirements: '需求'.repeat(100),
  projectRequirementsDetails: '细节'.repeat(80),
  ...extra,
});

/**
 * The page with the given answers already in SWR's cache for their "query#page", so nothing is fetched.
 * With no answers it fetches for real, and jsdom reaches no server: a genuine network failure.
 */
function renderWith(answers: Record<string, SearchResponse>, url = '/') {
  const cache = new Map(
    Object.entries(answers).map(([key, data]) => {
      const [query, page] = key.split('#');
      return [unstable_serialize(solutionKeys.search(query, Number(page))), { data }];
    }),
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
  it('lists results with their count, snippets of 150 and 100 characters, new-tab links and pages of 5', async () => {
    renderWith({ '#1': { list: [1, 2, 3, 4, 5].map((i) => item(i)), totalCount: 7, page: 1, pageSize: 5 } });
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
    renderWith(
      { '常见#1': { list: [item(1)], totalCount: 1000, totalCountCapped: true, page: 1, pageSize: 5 } },
      '/?q=常见',
    );
    expect(await screen.findByText('共找到 1000+ 个方案')).toBeInTheDocument();
  });

  it('marks the searched terms in the results, whatever their case', async () => {
    renderWith(
      {
        'ai 质检#1': {
          list: [item(1, { projectName: 'AI 视觉质检', projectRequirements: '用 ai 做质检' })],
          totalCount: 1,
          page: 1,
          pageSize: 5,
        },
      },
      '/?q=ai%20质检',
    );
    const marks = (await screen.findAllByText(/^(ai|质检)$/i)).filter((el) => el.tagName === 'MARK');
    expect(marks.map((m) => m.textContent)).toEqual(['AI', '质检', 'ai', '质检']);
    expect(screen.getByRole('searchbox')).toHaveValue('ai 质检');
  });

  it('asks for other keywords when nothing matches, without pagination', async () => {
    renderWith({ '无此词#1': { list: [], totalCount: 0, page: 1, pageSize: 5 } }, '/?q=无此词');
    expect(await screen.findByText('没有匹配的方案，请更换关键词')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: '分页' })).not.toBeInTheDocument();
  });

  it('offers to create a requirement below 3 results, carrying the keywords, and not from 3 on', async () => {
    renderWith(
      {
        '冷门 词#1': { list: [item(1), item(2)], totalCount: 2, page: 1, pageSize: 5 },
        '常见#1': { list: [item(1), item(2), item(3)], totalCount: 3, page: 1, pageSize: 5 },
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
        '#2': { list: [item(6)], totalCount: 6, page: 2, pageSize: 5 },
        '仓储#1': { list: [item(7, { projectName: '仓储机器人' })], totalCount: 1, page: 1, pageSize: 5 },
      },
      '/?page=2',
    );
    expect(await screen.findByText('智能制造方案6')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox'), '仓储{Enter}');
    expect(await screen.findByText('共找到 1 个方案')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /仓储机器人/ })).toBeInTheDocument();
  });
});
