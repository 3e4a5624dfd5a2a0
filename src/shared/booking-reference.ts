// The short reference a person reads and says on the phone (docs/product.md §3, Booking): the first eight
// characters of the booking's id in capitals. Pages, mails, calendar entries, documents and the
// console all print it through this function, so a customer and the firm quote the same thing.

export function bookingReference(bookingId: string): string {
  return bookingId.slice(0, 8).toUpperCase();
}
