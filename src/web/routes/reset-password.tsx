export default function ResetPassword() {
  return (
    <section className="container-page py-24">
      <h1 className="text-3xl">ResetPassword</h1>
    </section>
  );
}
