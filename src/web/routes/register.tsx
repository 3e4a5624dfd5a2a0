import { LoginPage } from "../features/auth/login-page.tsx";

export const meta = () => [{ title: "Create an account | Nordic Shield" }];

export default function Register() {
  return <LoginPage startWith="signUp" />;
}
