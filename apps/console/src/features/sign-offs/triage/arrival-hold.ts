/**
 * How long Approve, Deny, `a`, `d` and the batch stay inert after a request
 * came on screen without the owner's own j/k/click — the move after a
 * decision, the first row pinned, "Approve & next", a notification's action:
 * nothing is decided that was on screen for less than a moment (UI5). One
 * number for every way a request arrives.
 */
export const ARRIVAL_HOLD_MS = 700;
