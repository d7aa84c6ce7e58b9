// The visitor's own Premium as this browser remembers it (SPEC.md §3: a premium flag, locally stored): set while the
// signed-in account has Premium, cleared when it has not or on sign-out.

export const PREMIUM_FLAG_KEY = "premium";

/** True when the visitor has no Premium flag stored (nothing, or an empty value), or storage cannot be read. */
export function premiumFlagEmpty(): boolean {
  try {
    return !localStorage.getItem(PREMIUM_FLAG_KEY);
  } catch {
    return true;
  }
}

export function storePremiumFlag(premium: boolean): void {
  try {
    if (premium) localStorage.setItem(PREMIUM_FLAG_KEY, "1");
    else localStorage.removeItem(PREMIUM_FLAG_KEY);
  } catch {
    // Private modes may refuse storage: the advertisement then shows as to anyone without Premium.
  }
}
