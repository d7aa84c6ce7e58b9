// Sign-in by memo transaction: what the code looks like and what the transfer sends, shared by the API and the web app.

/** Every sign-in memo starts with this (the partial index of migration 017 holds only such transactions). */
export const SIGN_IN_MEMO_PREFIX = "axm-explorer-signin:";

/** uaxm the sign-in transfer sends from the address to itself: the smallest a MsgSend may carry (zero coins fail its ValidateBasic). */
export const SIGN_IN_AMOUNT_UAXM = "1";
