export default function CustomerDashboardSecurity() {
  return (
    <section className="container-page py-24">
      <h1 className="text-3xl">CustomerDashboardSecurity</h1>
    </section>
  );
}
