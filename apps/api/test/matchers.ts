import { expect } from 'vitest';

// vitest types its asymmetric matchers as `any`, and typed lint refuses an `any`
// placed inside an expected object. These are the same matchers typed `unknown`,
// which lint accepts and `toEqual`/`toMatchObject` take as they are.

/** `expect.stringMatching`: a string that matches the pattern. */
export const stringMatching = (pattern: string | RegExp): unknown => expect.stringMatching(pattern);

/** `expect.stringContaining`: a string that contains the text. */
export const stringContaining = (text: string): unknown => expect.stringContaining(text);

/** `expect.objectContaining`: an object with at least these fields. */
export const objectContaining = (shape: Record<string, unknown>): unknown => expect.objectContaining(shape);

/** `expect.any`: any value of this type (a string for `String`, a list for `Array`, …). */
export const ofType = (type: unknown): unknown => expect.any(type);
