import { WebRoute, type LegalDocument } from '@think-tank/contracts';
import { Fragment, type ReactNode } from 'react';
import { Alert, Container } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { PageSpinner } from '../../../components/PageSpinner';
import { errorText } from '../../../lib/error-text';
import { useLegalText } from '../api/site-api';

/**
 * The few marks the texts use (docs/operations/legal.md): `#` and `##` headings, `>` a note, `-` list items,
 * paragraphs between blank lines. Drawn as React elements: a text from configuration never becomes HTML.
 */
function render(text: string): ReactNode[] {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block, i) => {
      if (block.startsWith('# '))
        return (
          <h1 key={i} className="h3 mb-3">
            {block.slice(2)}
          </h1>
        );
      if (block.startsWith('## '))
        return (
          <h2 key={i} className="h5 mt-4">
            {block.slice(3)}
          </h2>
        );
      if (block.startsWith('> '))
        return (
          <Alert key={i} variant="secondary" className="small">
            {block.slice(2)}
          </Alert>
        );
      const lines = block.split('\n');
      if (lines.every((l) => l.startsWith('- ')))
        return (
          <ul key={i}>
            {lines.map((l, j) => (
              <li key={j}>{l.slice(2)}</li>
            ))}
          </ul>
        );
      return (
        <p key={i}>
          {lines.map((l, j) => (
            <Fragment key={j}>
              {j > 0 && <br />}
              {l}
            </Fragment>
          ))}
        </p>
      );
    });
}

/** /terms and /privacy: the text in force in the reader's language, with its version. */
export default function LegalPage() {
  const { t, i18n } = useTranslation('account');
  const document: LegalDocument = useLocation().pathname === WebRoute.privacy ? 'privacy' : 'terms';
  const { data, error, isLoading } = useLegalText(document, i18n.language);
  if (isLoading) return <PageSpinner />;
  return (
    <Container className="tt-page" style={{ maxWidth: 760 }}>
      {error || !data ? (
        <Alert variant="danger">{errorText(error, t, t('legal.failed'))}</Alert>
      ) : (
        <article>
          {render(data.text)}
          <p className="small text-secondary mt-4">{t('legal.version', { version: data.version })}</p>
        </article>
      )}
    </Container>
  );
}
