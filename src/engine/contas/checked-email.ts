/** The owner's e-mail is optional; an empty value clears it. */
export function checkedEmail(email: string | null | undefined): string | null {
  const value = email?.trim();
  if (!value) return null;
  if (value.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) throw new Error(`invalid e-mail: ${value}`);
  return value;
}
