export default function SecureBooking() {
  return (
    <section className="container-page py-24">
      <h1 className="text-3xl">SecureBooking</h1>
    </section>
  );
}
