import { expect } from "@playwright/test";

/**
 * For what must NOT happen (a second email, a second lookup, a save nobody asked for), which no event
 * announces: fails as soon as `read` gives anything but `expected`, and passes once it has stayed so for
 * `forMs`. The window is never under 5 s, so a busy machine that runs the app slowly still gets to show a
 * repeat before the test moves on.
 */
export async function expectToStay<T>(
  read: () => T | Promise<T>,
  expected: T,
  message: string,
  forMs = 5_000,
): Promise<void> {
  const until = Date.now() + Math.max(forMs, 5_000);
  while (Date.now() < until) {
    const value: unknown = await read();
    expect(value, message).toEqual(expected);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const value: unknown = await read();
  expect(value, message).toEqual(expected);
}
