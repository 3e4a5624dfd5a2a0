export default function Help() {
  return (
    <section className="container-page py-24">
      <h1 className="text-3xl">Help</h1>
    </section>
  );
}
