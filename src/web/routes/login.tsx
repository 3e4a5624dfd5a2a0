export default function Login() {
  return (
    <section className="container-page py-24">
      <h1 className="text-3xl">Login</h1>
    </section>
  );
}
