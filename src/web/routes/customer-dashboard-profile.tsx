export default function CustomerDashboardProfile() {
  return (
    <section className="container-page py-24">
      <h1 className="text-3xl">CustomerDashboardProfile</h1>
    </section>
  );
}
