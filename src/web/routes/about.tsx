export default function About() {
  return (
    <section className="container-page py-24">
      <h1 className="text-3xl">About</h1>
    </section>
  );
}
