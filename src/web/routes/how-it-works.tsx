export default function HowItWorks() {
  return (
    <section className="container-page py-24">
      <h1 className="text-3xl">HowItWorks</h1>
    </section>
  );
}
