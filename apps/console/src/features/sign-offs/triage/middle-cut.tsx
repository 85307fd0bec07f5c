/** Characters always kept at a cut text's end: enough to tell `…-production` from `…-staging`. */
const TAIL = 10;

/**
 * A name too long for its place cut in the middle ("payments-api-eu…production")
 * rather than at its end or dropped: the start says what it is, the end
 * often says which one. The start shrinks with an ellipsis, the end never;
 * the whole text stays the element's text (read out whole) and its title.
 */
export function MiddleCut({ text, className }: { text: string; className?: string }) {
  const characters = Array.from(text);
  if (characters.length <= TAIL * 2) {
    return (
      <span className={`middle-cut ${className ?? ''}`} title={text}>
        <span className="start">{text}</span>
      </span>
    );
  }
  return (
    <span className={`middle-cut ${className ?? ''}`} title={text}>
      <span className="start">{characters.slice(0, -TAIL).join('')}</span>
      <span className="end">{characters.slice(-TAIL).join('')}</span>
    </span>
  );
}
