import type { DemandDetail, DemandModule } from '@think-tank/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EnterStagePanel } from './EnterStagePanel';

/** A demand whose Startup completed with `modules` selected, about to enter Preparation. */
function demandWith(modules: DemandModule[]): DemandDetail {
  return {
    currentStage: 'Startup',
    isVip: false,
    nextStageFee: { amount: 10_000 * modules.length, currency: 'CNY' },
    stagesData: { Startup: { selectedModules: modules } },
  } as unknown as DemandDetail;
}

const module = (name: string) => ({ name, metrics: [] }) as unknown as DemandModule;
const renderPanel = (demand: DemandDetail) =>
  render(<EnterStagePanel demand={demand} next="Preparation" busy={false} error={null} onSubmit={vi.fn()} />);

describe('EnterStagePanel', () => {
  it('explains why Preparation cannot start without a selected module, and keeps its button disabled', () => {
    renderPanel(demandWith([]));
    expect(screen.getByTestId('no-modules')).toHaveTextContent(
      '请先在启动阶段的成果中选择至少一个模块并保存',
    );
    expect(screen.queryByText('该阶段无需付费。')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /进入/ })).toBeDisabled();
  });

  it('shows the fee for the selected modules and lets the user confirm', () => {
    renderPanel(demandWith([module('库存预测'), module('智能补货')]));
    expect(screen.getByTestId('fee-notice')).toHaveTextContent('¥200.00');
    expect(screen.getByTestId('fee-notice')).toHaveTextContent('2 个模块');
    expect(screen.getByRole('button', { name: /进入/ })).toBeEnabled();
  });
});
