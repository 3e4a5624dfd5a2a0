export default function ServicePage() {
  return (
    <section className="container-page py-24">
      <h1 className="text-3xl">ServicePage</h1>
    </section>
  );
}
