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
  Header,
  HeadingLevel,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import { aigcMetadata } from './ai-label';
import { DELIVERABLE_WORDS } from './deliverable-words';

/** One finished stage as the export reads it: its output and the modules the user selected. */
export interface ExportStage {
  stage: Stage;
  output: StageOutput;
  selectedModules: DemandModule[];
}

/**
 * What one export may hold (contract §11 "Bounded cost"). Building a document holds the event loop in proportion to
 * its characters and paragraphs: on this project's 2-core machine (2026-11-26), five stages at their bounds held it
 * 300-430 ms with a million characters, 130-190 ms with half a million. So a document keeps to 500,000 characters
 * (some 250 pages) and each text to 200 paragraphs (later lines join the last). Beyond, it says it was cut.
 */
export const EXPORT_CHARACTERS = 500_000;
const PARAGRAPHS_PER_TEXT = 200;
/** What XML 1.0 cannot carry (a Word file with one is unreadable): control characters and lone surrogates. */
const NOT_IN_XML =
  // eslint-disable-next-line no-control-regex -- control characters are what it finds
  /[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Every text of the document passes here: cleaned for XML and taken from the document's budget. */
class TextBudget {
  private left = EXPORT_CHARACTERS;
  cut = false;

  take(value: string | undefined | null): string {
    const clean = (value ?? '').replace(NOT_IN_XML, '');
    if (clean.length > this.left) this.cut = true;
    const taken = clean.slice(0, this.left);
    this.left -= taken.length;
    return taken;
  }

  /** A multi-line text as paragraphs, one a line, at most PARAGRAPHS_PER_TEXT. */
  paragraphs(value: string): Paragraph[] {
    const lines = this.take(value)
      .split('\n')
      .filter((l) => l.trim());
    const kept =
      lines.length > PARAGRAPHS_PER_TEXT
        ? [...lines.slice(0, PARAGRAPHS_PER_TEXT - 1), lines.slice(PARAGRAPHS_PER_TEXT - 1).join(' ')]
        : lines;
    return kept.map((l) => new Paragraph(l));
  }
}

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

const metricRow = (m: QuantifiedMetric, b: TextBudget) =>
  'explanation' in m
    ? [b.take(m.name), '', b.take(m.explanation)]
    : [b.take(m.name), b.take(`${m.target}${m.unit ? ` ${m.unit}` : ''}`), ''];

/**
 * A demand's deliverables as a Word document (issue 21): per stage its problem, solution, metrics table, outcomes,
 * modules and the library's related solutions, linked to `publicUrl`. In the demand's output language, within
 * the budget above. The AI label is in every page's header and above the title, and in the file's properties: the
 * keywords and description, and the custom property `AIGC` (ai-label.ts).
 */
export function wordExport(
  demand: { name: string; labName: string; outputLanguage: Language },
  stages: ExportStage[],
  publicUrl: string,
): Promise<Buffer> {
  const lang = demand.outputLanguage;
  const h = DELIVERABLE_WORDS[lang];
  const b = new TextBudget();
  const children = stages.flatMap(({ stage, output, selectedModules }) => {
    // Lists the shared check lets be absent are empty (an output saved without them must still export).
    const modules = selectedModules.length ? selectedModules : (output.suggested_modules ?? []);
    return [
      heading(STAGE_NAMES[stage][lang], HeadingLevel.HEADING_1),
      heading(h.problem, HeadingLevel.HEADING_2),
      ...b.paragraphs(output.summary),
      heading(h.solution, HeadingLevel.HEADING_2),
      ...b.paragraphs(output.solution),
      heading(h.metrics, HeadingLevel.HEADING_2),
      table(
        h.metricColumns,
        (output.quantified_metrics ?? []).map((m) => metricRow(m, b)),
      ),
      heading(h.outcomes, HeadingLevel.HEADING_2),
      ...(output.achieves ?? []).flatMap((a) =>
        Object.entries(a).map(
          ([title, v]) =>
            new Paragraph({
              bullet: { level: 0 },
              children: [
                new TextRun({ text: `${b.take(title)}: `, bold: true }),
                new TextRun(`${b.take(v.content)} (${b.take(v.acceptance)})`),
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
              new TextRun({ text: b.take(m.name), bold: true }),
              new TextRun(` — ${b.take(m.intro)}`),
              ...(m.reason ? [new TextRun({ text: ` (${b.take(m.reason)})`, italics: true })] : []),
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
                      children: [new TextRun({ text: b.take(r.name), style: 'Hyperlink' })],
                    }),
                    new TextRun(` — ${b.take(r.reason)}`),
                  ],
                }),
            ),
          ]
        : []),
    ];
  });
  const title = b.take(demand.name);
  const label = () => new Paragraph({ children: [new TextRun({ text: h.aiLabel, color: '495057' })] });
  const document = new Document({
    creator: '智库',
    title,
    keywords: h.aiLabel,
    description: h.aiLabel,
    customProperties: [{ name: 'AIGC', value: aigcMetadata(`${demand.labName}/export.docx`) }],
    sections: [
      {
        headers: { default: new Header({ children: [label()] }) },
        children: [
          label(),
          new Paragraph({ text: title, heading: HeadingLevel.TITLE }),
          ...children,
          ...(b.cut ? [new Paragraph({ children: [new TextRun({ text: h.truncated, bold: true })] })] : []),
          new Paragraph({ children: [new TextRun({ text: h.draft, italics: true })] }),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}
