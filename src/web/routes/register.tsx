import { LoginPage } from "../features/auth/login-page.tsx";

export default function Register() {
  return <LoginPage startWith="signUp" />;
}
