/**
 * A phone or an e-mail shown with most of it hidden (`138****8000`, `a***@example.com`): in the
 * security events (PIPL) and where a page names the contact a code goes to.
 */

/** `138****8000`: the first three and last four digits of a phone, the rest starred. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 8) return '*'.repeat(Math.max(3, digits.length));
  return `${digits.slice(0, 3)}****${digits.slice(-4)}`;
}

/** `a***@example.com`: the first character of the mailbox, the domain as it is. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/** A contact as a page shows it: masked, unless the UAA already sent it masked. */
export function maskContact(channel: 'phone' | 'email', value: string): string {
  if (value.includes('*')) return value;
  return channel === 'phone' ? maskPhone(value) : maskEmail(value);
}
