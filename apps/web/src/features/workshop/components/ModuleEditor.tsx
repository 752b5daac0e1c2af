import type { DemandModule } from '@think-tank/contracts';
import { Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { StageDraftAction } from '../stage-draft';

/** One module while the output is edited: its name, intro and metrics (and, for a custom one, its English name and description). */
export function ModuleEditor({
  module: m,
  index,
  dispatch,
}: {
  module: DemandModule;
  index: number;
  dispatch: (action: StageDraftAction) => void;
}) {
  const { t } = useTranslation('workshop');
  return (
    <>
      <div className="d-flex gap-2 mb-2">
        <Form.Control
          size="sm"
          aria-label={t('detail.moduleName')}
          placeholder={t('detail.moduleName')}
          value={m.name}
          onChange={(e) => dispatch({ type: 'rename', index, name: e.target.value })}
        />
        {m.isCustom && (
          <>
            <Form.Control
              size="sm"
              aria-label={t('detail.moduleNameEn')}
              placeholder={t('detail.moduleNameEn')}
              value={m.nameEn ?? ''}
              onChange={(e) => dispatch({ type: 'module', index, change: { nameEn: e.target.value } })}
            />
            <Button
              size="sm"
              variant="outline-danger"
              onClick={() => dispatch({ type: 'removeModule', index })}
            >
              {t('detail.removeModule')}
            </Button>
          </>
        )}
      </div>
      <Form.Control
        size="sm"
        className="mb-2"
        aria-label={t('detail.moduleIntro')}
        placeholder={t('detail.moduleIntro')}
        value={m.intro}
        onChange={(e) => dispatch({ type: 'module', index, change: { intro: e.target.value } })}
      />
      {m.isCustom && (
        <Form.Control
          size="sm"
          className="mb-2"
          aria-label={t('detail.moduleDescriptionEn')}
          placeholder={t('detail.moduleDescriptionEn')}
          value={m.descriptionEn ?? ''}
          onChange={(e) => dispatch({ type: 'module', index, change: { descriptionEn: e.target.value } })}
        />
      )}
      {m.metrics.map((x, k) => (
        <div key={k} className="d-flex gap-2 mb-1">
          {(['name', 'value'] as const).map((field) => (
            <Form.Control
              key={field}
              size="sm"
              aria-label={t(field === 'name' ? 'detail.metricName' : 'detail.metricValue')}
              placeholder={t(field === 'name' ? 'detail.metricName' : 'detail.metricValue')}
              value={x[field]}
              onChange={(e) =>
                dispatch({ type: 'moduleMetric', index, metric: k, change: { [field]: e.target.value } })
              }
            />
          ))}
        </div>
      ))}
      <Button
        size="sm"
        variant="link"
        className="p-0"
        onClick={() => dispatch({ type: 'addModuleMetric', index })}
      >
        {t('detail.addMetric')}
      </Button>
    </>
  );
}
