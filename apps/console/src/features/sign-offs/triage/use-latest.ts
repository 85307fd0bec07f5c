import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * A ref that holds what the latest render gave, for a timer, a listener or
 * a cleanup set up once that must act on the present, not on the render that
 * set it up. It is written after each render (a layout effect, before any
 * timer or event can fire), never during one, and read only from those
 * callbacks: reading it while rendering would see the previous render's.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const latest = useRef(value);
  useLayoutEffect(() => {
    latest.current = value;
  });
  return latest;
}
