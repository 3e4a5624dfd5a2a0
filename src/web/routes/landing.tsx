export default function Landing() {
  return (
    <section className="bg-ink pt-32 pb-24 text-paper">
      <div className="container-page">
        <h1 className="text-4xl">Private security, booked with confidence</h1>
      </div>
    </section>
  );
}
