export default function Terms() {
  return (
    <section className="container-page py-24">
      <h1 className="text-3xl">Terms</h1>
    </section>
  );
}
