import { Fragment } from 'react';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text with every occurrence of the search terms marked, case-insensitively. */
export function Highlight({ text, terms }: { text: string; terms: string[] }) {
  const usable = terms.filter(Boolean);
  if (!usable.length) return <>{text}</>;
  const pattern = new RegExp(`(${usable.map(escapeRegExp).join('|')})`, 'gi');
  return (
    <>
      {text
        .split(pattern)
        .map((part, i) => (i % 2 === 1 ? <mark key={i}>{part}</mark> : <Fragment key={i}>{part}</Fragment>))}
    </>
  );
}

/** The first `max` characters (whole characters, not UTF-16 units), with an ellipsis when cut. */
export function snippet(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
}
