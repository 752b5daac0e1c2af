import {
  LAB_INDEX_FILE,
  WebRoute,
  type Achieve,
  type DemandModule,
  type Language,
  type QuantifiedMetric,
  type RelatedSolutionCitation,
  type Stage,
  type StageOutput,
} from '@think-tank/contracts';
import { escapeHtml as e } from '../../../core/http/escape-html';
import { aigcMetadata } from './ai-label';
import { DELIVERABLE_WORDS, type DeliverableWords } from './deliverable-words';
import type { GeneratedOutput } from './stage-generator';

export interface LabFile {
  path: string;
  content: string;
}

const STYLE = `body{font-family:system-ui,"Noto Sans CJK SC",sans-serif;margin:24px;color:#212529;line-height:1.6}
table{border-collapse:collapse;margin:12px 0;width:100%}th,td{border:1px solid #dee2e6;padding:6px 10px;text-align:left;vertical-align:top}
th{background:#f1f3f5}h1{font-size:1.6rem}h2{font-size:1.25rem;margin-top:28px}.note{color:#6c757d}
.ai-label{display:inline-block;margin:0 0 8px;padding:2px 8px;border:1px solid #adb5bd;border-radius:4px;color:#495057;font-size:.875rem}
@media print{body{margin:0;font-size:11pt}h2{break-before:page}h1+h2{break-before:auto}table,tr,li{break-inside:avoid}a{color:inherit}}`;

/** Opened with #print (the lab viewer's "export PDF"), the page asks the browser to print it, to PDF or paper. */
export const PRINT_ON_REQUEST = `<script>if(location.hash==='#print')addEventListener('load',function(){print()})</script>`;

/**
 * A self-contained page: no external resources, every user or generated text escaped. It opens with the visible
 * AI label, carries the implicit one (`<meta name="AIGC">`), and its title ends with the label, which is what a PDF
 * printed from it keeps in its info dictionary.
 */
const page = (w: DeliverableWords, produceId: string, title: string, body: string) =>
  `<!doctype html><html lang="${w.htmlLang}"><head><meta charset="utf-8">` +
  `<meta name="AIGC" content="${e(aigcMetadata(produceId))}"><title>${e(title + w.aiTitle)}</title>` +
  `<style>${STYLE}</style></head><body><p class="ai-label" role="note">${e(w.aiLabel)}</p><h1>${e(title)}</h1>` +
  `${body}<p class="note">${e(w.draft)}</p>${PRINT_ON_REQUEST}</body></html>`;

const paragraphs = (text: string) =>
  text
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => `<p>${e(l)}</p>`)
    .join('');

const table = (head: string[], rows: string[][]) =>
  `<table><thead><tr>${head.map((h) => `<th>${e(h)}</th>`).join('')}</tr></thead><tbody>` +
  rows.map((r) => `<tr>${r.map((c) => `<td>${e(c)}</td>`).join('')}</tr>`).join('') +
  `</tbody></table>`;

const metricRows = (metrics: QuantifiedMetric[]) =>
  metrics.map((m) =>
    'explanation' in m
      ? [m.name, '', m.explanation]
      : [m.name, `${m.target}${m.unit ? ` ${m.unit}` : ''}`, ''],
  );

const achieveRows = (achieves: Achieve[]) =>
  achieves.flatMap((a) => Object.entries(a).map(([title, v]) => [title, v.content, v.acceptance, v.remarks]));

const moduleRows = (w: DeliverableWords, modules: DemandModule[]) =>
  modules.map((m) => [m.name, m.intro, m.metrics.map((x) => `${x.name}${w.sep}${x.value}`).join('; ')]);

/**
 * The full overview of one stage: text, metrics, outcomes, modules. Each heading has an id (`startup`,
 * `startup-metrics`, …), so that a link into the lab (`/demand-lab/<lab>/indexp.html#startup-metrics`) opens there.
 */
const stageSection = (
  w: DeliverableWords,
  stage: Stage,
  output: GeneratedOutput,
  selected: DemandModule[],
) => {
  const id = stage.toLowerCase();
  const h3 = (part: string, title: string) => `<h3 id="${id}-${part}">${e(title)}</h3>`;
  return (
    `<h2 id="${id}">${e(w.stages[stage])}</h2>${h3('problem', w.problem)}${paragraphs(output.summary)}` +
    `${h3('solution', w.solution)}${paragraphs(output.solution)}` +
    `${h3('metrics', w.metrics)}${table(w.metricColumns, metricRows(output.quantified_metrics))}` +
    `${h3('outcomes', w.outcomes)}${table(w.outcomeColumns, achieveRows(output.achieves))}` +
    `${h3('modules', w.modules)}${table(w.moduleColumns, moduleRows(w, selected.length ? selected : output.suggested_modules))}` +
    relatedSection(w, output.related_solutions ?? [], `${id}-related`)
  );
};

/** The library's solutions the stage cites, each opening in the app (where the paywall applies as usual). */
const relatedSection = (w: DeliverableWords, related: RelatedSolutionCitation[], id: string) =>
  related.length
    ? `<h3 id="${id}">${e(w.related)}</h3><ul>${related
        .map(
          (r) =>
            `<li><a href="${e(WebRoute.solution(r.id))}" target="_blank" rel="noopener">${e(r.name)}</a>` +
            ` <span class="note">${e(r.reason)}</span></li>`,
        )
        .join('')}</ul>`
    : '';

export interface LabStage {
  stage: Stage;
  output: StageOutput;
  selectedModules: DemandModule[];
}

/**
 * The lab files of a finished stage and the links its output carries to them. `indexp.html` is rewritten
 * with every stage so that it always gives the whole demand.
 */
export function composeLab(
  demand: { name: string; labName: string; outputLanguage: Language },
  stage: Stage,
  output: GeneratedOutput,
  earlier: LabStage[],
): { output: StageOutput; files: LabFile[] } {
  const w = DELIVERABLE_WORDS[demand.outputLanguage];
  const titled = (what: string) => `${demand.name}${w.sep}${what}`;
  const link = (path: string) => WebRoute.demandLab(demand.labName, path);
  const slug = stage.toLowerCase();
  const files: LabFile[] = [{ path: `data/${slug}.json`, content: JSON.stringify(output, null, 2) }];
  const html = (path: string, what: string, body: string): LabFile => ({
    path,
    content: page(w, `${demand.labName}/${path}`, titled(what), body),
  });
  const full: StageOutput = { ...output };
  if (stage === 'Preparation') {
    files.push(
      html('prd.html', w.prd, stageSection(w, stage, output, [])),
      html('prd-scene.html', w.scene, paragraphs(output.module_overview ?? output.solution)),
      html(
        'design-table.html',
        w.designTable,
        table(w.moduleColumns, moduleRows(w, output.suggested_modules)),
      ),
    );
    Object.assign(full, {
      prd_url: link('prd.html'),
      prd_scene_url: link('prd-scene.html'),
      design_table_html: link('design-table.html'),
    });
  }
  if (stage === 'Opening') {
    const designed = earlier.find((s) => s.stage === 'Preparation')?.selectedModules ?? [];
    files.push(
      html(
        'opening-table.html',
        w.openingTable,
        table(w.moduleColumns, moduleRows(w, [...designed, ...output.suggested_modules])) +
          paragraphs(output.implementation_showcase ?? ''),
      ),
      html('showcase.html', w.showcase, paragraphs(output.implementation_showcase ?? output.solution)),
    );
    Object.assign(full, {
      opening_table_html: link('opening-table.html'),
      prd_scene_url: link('showcase.html'),
    });
  }
  if (stage !== 'Preparation' && stage !== 'Opening')
    files.push(html(`${slug}.html`, w.stages[stage], stageSection(w, stage, output, [])));
  const overview = [...earlier.filter((s) => s.stage !== stage), { stage, output: full, selectedModules: [] }]
    .map((s) => stageSection(w, s.stage, s.output, s.selectedModules))
    .join('');
  files.push(html(LAB_INDEX_FILE, w.overview, overview));
  return { output: full, files };
}
