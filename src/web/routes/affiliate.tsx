export default function Affiliate() {
  return (
    <section className="container-page py-24">
      <h1 className="text-3xl">Affiliate</h1>
    </section>
  );
}
