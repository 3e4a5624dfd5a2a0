export default function Logout() {
  return (
    <section className="container-page py-24">
      <h1 className="text-3xl">Logout</h1>
    </section>
  );
}
