/** Dates as the owner's locale writes them, to the minute. */
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** An instant as a readable date, machine-readable in `dateTime`; every page shows dates this one way. */
export function Timestamp({ value }: { value: string }) {
  return <time dateTime={value}>{dateFormat.format(new Date(value))}</time>;
}
