export default function CustomerProfile() {
  return (
    <section className="container-page py-24">
      <h1 className="text-3xl">CustomerProfile</h1>
    </section>
  );
}
