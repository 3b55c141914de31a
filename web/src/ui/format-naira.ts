/** Naira from kobo (minor units), as Nigerian listeners write it: ₦3,000. */
export function formatNaira(minorUnits: number): string {
  return `₦${new Intl.NumberFormat('en-NG', { maximumFractionDigits: 0 }).format(minorUnits / 100)}`;
}
