import {
  STAGE_NAMES,
  type DemandModule,
  type Language,
  type QuantifiedMetric,
  type Stage,
  type StageOutput,
} from '@think-tank/contracts';
import {
  Document,
  ExternalHyperlink,
  HeadingLevel,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import { DELIVERABLE_WORDS } from './deliverable-words';

/** One finished stage as the export reads it: its output and the modules the user selected. */
export interface ExportStage {
  stage: Stage;
  output: StageOutput;
  selectedModules: DemandModule[];
}

const text = (value: string) =>
  value
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => new Paragraph(l));
const heading = (value: string, level: (typeof HeadingLevel)[keyof typeof HeadingLevel]) =>
  new Paragraph({ text: value, heading: level });

function table(head: readonly string[], rows: string[][]): Table {
  const row = (cells: string[], bold = false) =>
    new TableRow({
      children: cells.map(
        (c) => new TableCell({ children: [new Paragraph({ children: [new TextRun({ text: c, bold })] })] }),
      ),
    });
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [row([...head], true), ...rows.map((r) => row(r))],
  });
}

const metricRow = (m: QuantifiedMetric) =>
  'explanation' in m ? [m.name, '', m.explanation] : [m.name, `${m.target}${m.unit ? ` ${m.unit}` : ''}`, ''];

/**
 * A demand's deliverables as a Word document (issue 21): per stage its problem, solution, metrics table, outcomes,
 * modules and the library's related solutions, linked to `publicUrl`. In the demand's output language.
 */
export function wordExport(
  demand: { name: string; outputLanguage: Language },
  stages: ExportStage[],
  publicUrl: string,
): Promise<Buffer> {
  const lang = demand.outputLanguage;
  const h = DELIVERABLE_WORDS[lang];
  const children = stages.flatMap(({ stage, output, selectedModules }) => {
    const modules = selectedModules.length ? selectedModules : output.suggested_modules;
    return [
      heading(STAGE_NAMES[stage][lang], HeadingLevel.HEADING_1),
      heading(h.problem, HeadingLevel.HEADING_2),
      ...text(output.summary),
      heading(h.solution, HeadingLevel.HEADING_2),
      ...text(output.solution),
      heading(h.metrics, HeadingLevel.HEADING_2),
      table(h.metricColumns, output.quantified_metrics.map(metricRow)),
      heading(h.outcomes, HeadingLevel.HEADING_2),
      ...output.achieves.flatMap((a) =>
        Object.entries(a).map(
          ([title, v]) =>
            new Paragraph({
              bullet: { level: 0 },
              children: [
                new TextRun({ text: `${title}: `, bold: true }),
                new TextRun(`${v.content} (${v.acceptance})`),
              ],
            }),
        ),
      ),
      heading(h.modules, HeadingLevel.HEADING_2),
      ...modules.map(
        (m) =>
          new Paragraph({
            bullet: { level: 0 },
            children: [
              new TextRun({ text: m.name, bold: true }),
              new TextRun(` — ${m.intro}`),
              ...(m.reason ? [new TextRun({ text: ` (${m.reason})`, italics: true })] : []),
            ],
          }),
      ),
      ...((output.related_solutions ?? []).length
        ? [
            heading(h.related, HeadingLevel.HEADING_2),
            ...output.related_solutions!.map(
              (r) =>
                new Paragraph({
                  bullet: { level: 0 },
                  children: [
                    new ExternalHyperlink({
                      link: `${publicUrl}/solutions/${encodeURIComponent(r.id)}/view`,
                      children: [new TextRun({ text: r.name, style: 'Hyperlink' })],
                    }),
                    new TextRun(` — ${r.reason}`),
                  ],
                }),
            ),
          ]
        : []),
    ];
  });
  const document = new Document({
    creator: '智库',
    title: demand.name,
    sections: [
      {
        children: [
          new Paragraph({ text: demand.name, heading: HeadingLevel.TITLE }),
          ...children,
          new Paragraph({ children: [new TextRun({ text: h.draft, italics: true })] }),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}
