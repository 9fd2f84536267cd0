/** What a quantity box keeps of what was typed or pasted: its digits, nothing else ("3e" → "3"). */
export function digitsOnly(value: string): string {
  return value.replace(/\D+/g, '');
}
