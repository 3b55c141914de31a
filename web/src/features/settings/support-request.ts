/** Spec section 5: a support prompt goes ahead only with some text in it. */
export function canSendSupportRequest(message: string): boolean {
  return message.trim().length > 0;
}
