export default function CustomerDashboardBookings() {
  return (
    <section className="container-page py-24">
      <h1 className="text-3xl">CustomerDashboardBookings</h1>
    </section>
  );
}
