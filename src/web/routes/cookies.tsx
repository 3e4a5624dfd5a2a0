export default function Cookies() {
  return (
    <section className="container-page py-24">
      <h1 className="text-3xl">Cookies</h1>
    </section>
  );
}
