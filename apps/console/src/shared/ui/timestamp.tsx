import { UI_LOCALE } from '@countersign/effect';

/** Dates in the UI's English (issue 26, item 6), in the owner's time zone, to the minute. */
const dateFormat = new Intl.DateTimeFormat(UI_LOCALE, { dateStyle: 'medium', timeStyle: 'short' });

/** An instant as a readable date, machine-readable in `dateTime`; every page shows dates this one way. */
export function Timestamp({ value }: { value: string }) {
  return <time dateTime={value}>{dateFormat.format(new Date(value))}</time>;
}
