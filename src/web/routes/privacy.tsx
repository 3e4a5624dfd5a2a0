export default function Privacy() {
  return (
    <section className="container-page py-24">
      <h1 className="text-3xl">Privacy</h1>
    </section>
  );
}
