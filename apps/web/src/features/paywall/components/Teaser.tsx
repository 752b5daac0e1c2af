/** A solution's first lines: plain text from the server (no markup), faded out where the rest begins. */
export function Teaser({ text }: { text: string }) {
  if (!text) return null;
  return (
    <p
      className="mt-3 mb-0 text-body"
      data-testid="paywall-teaser"
      style={{
        whiteSpace: 'pre-line',
        maskImage: 'linear-gradient(to bottom, black 40%, transparent)',
        WebkitMaskImage: 'linear-gradient(to bottom, black 40%, transparent)',
      }}
    >
      {text}
    </p>
  );
}
