export default function Confirmation() {
  return (
    <section className="container-page py-24">
      <h1 className="text-3xl">Confirmation</h1>
    </section>
  );
}
