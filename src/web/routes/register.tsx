export default function Register() {
  return (
    <section className="container-page py-24">
      <h1 className="text-3xl">Register</h1>
    </section>
  );
}
