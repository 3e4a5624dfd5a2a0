export default function Security() {
  return (
    <section className="container-page py-24">
      <h1 className="text-3xl">Security</h1>
    </section>
  );
}
