export default function Careers() {
  return (
    <section className="container-page py-24">
      <h1 className="text-3xl">Careers</h1>
    </section>
  );
}
