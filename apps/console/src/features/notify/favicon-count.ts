import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { signOffQueries } from '../sign-offs/sign-off-queries';

/** The icon's size in pixels: browsers scale it down for the tab, and a larger canvas keeps the digits legible. */
const SIZE = 64;
/** Beyond this the badge says "99+": three digits would not fit. */
const MAX_SHOWN = 99;

/**
 * Draws the console's icon with the number of requests waiting in a red
 * badge (none when nothing waits), as a data: URL: a tab strip shows it even
 * where the title is cut off. The count is the same query the tab title uses.
 */
export function useFaviconCount(): void {
  const { data: pending = 0 } = useQuery(signOffQueries.pendingCount());
  useEffect(() => {
    setFavicon(pending);
    return () => setFavicon(0);
  }, [pending]);
}

function setFavicon(count: number): void {
  const href = drawIcon(count);
  if (!href) return;
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.append(link);
  }
  link.type = 'image/png';
  link.href = href;
}

function drawIcon(count: number): string | undefined {
  const canvas = document.createElement('canvas');
  canvas.width = SIZE;
  canvas.height = SIZE;
  const context = canvas.getContext('2d');
  if (!context) return undefined;
  // The mark: a check on the console's accent colour.
  context.fillStyle = '#2457a6';
  context.beginPath();
  context.roundRect(4, 4, SIZE - 8, SIZE - 8, 12);
  context.fill();
  context.strokeStyle = '#ffffff';
  context.lineWidth = 7;
  context.lineCap = 'round';
  context.lineJoin = 'round';
  context.beginPath();
  context.moveTo(18, 33);
  context.lineTo(28, 43);
  context.lineTo(46, 22);
  context.stroke();
  if (count > 0) {
    const text = count > MAX_SHOWN ? `${MAX_SHOWN}+` : String(count);
    context.fillStyle = '#b3261e';
    context.beginPath();
    context.arc(SIZE - 20, 20, 20, 0, 2 * Math.PI);
    context.fill();
    context.fillStyle = '#ffffff';
    context.font = `bold ${text.length > 2 ? 18 : text.length > 1 ? 22 : 28}px system-ui, sans-serif`;
    context.textAlign = 'center';
    context.textBaseline = 'middle';
    context.fillText(text, SIZE - 20, 21);
  }
  return canvas.toDataURL('image/png');
}
