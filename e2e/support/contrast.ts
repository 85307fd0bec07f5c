import type { Locator } from '@playwright/test';

/**
 * The contrast ratio (WCAG 2) of an element's text against what is painted
 * behind it: every ancestor's background composited over white, the way the
 * browser stacks translucent tints (a badge's tint over a selected row's).
 * Colours are resolved by a canvas, so any CSS colour syntax the browser
 * computes (`color-mix()` becomes `color(srgb …)`) is read as painted.
 */
export async function textContrast(element: Locator): Promise<number> {
  return element.evaluate((target) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('No 2D canvas to resolve colours with');
    const paint = (color: string) => {
      const sentinel = '#010203';
      context.fillStyle = sentinel;
      context.fillStyle = color;
      if (context.fillStyle === sentinel && color !== sentinel) throw new Error(`The canvas cannot read the colour ${color}`);
      context.fillRect(0, 0, 1, 1);
    };
    const pixel = () => Array.from(context.getImageData(0, 0, 1, 1).data.slice(0, 3));
    const backgrounds: string[] = [];
    for (let node: Element | null = target; node; node = node.parentElement) backgrounds.unshift(getComputedStyle(node).backgroundColor);
    paint('#ffffff');
    for (const background of backgrounds) paint(background);
    const behind = pixel();
    paint(getComputedStyle(target).color);
    const text = pixel();
    const luminance = ([r, g, b]: number[]) => {
      const linear = (channel: number) => {
        const c = channel / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * linear(r!) + 0.7152 * linear(g!) + 0.0722 * linear(b!);
    };
    const [light, dark] = [luminance(behind), luminance(text)].sort((a, b) => b - a) as [number, number];
    return (light + 0.05) / (dark + 0.05);
  });
}
