import { LoginPage } from "../features/auth/login-page.tsx";

export const meta = () => [{ title: "Sign in | Nordic Shield" }];

export default function Login() {
  return <LoginPage startWith="signIn" />;
}
