// docs/product.md §5 ('weak password with reasons') and OWASP ASVS 2.1.7: besides the 6-character
// minimum the server refuses the passwords that top every breach list. The list holds the most
// common passwords of public breach corpora that are at least 6 characters long (shorter ones are
// refused by the length rule anyway); it is compared case-insensitively.
const commonPasswords = new Set(
  `123456 1234567 12345678 123456789 1234567890 12345678910 0123456789 654321 666666 111111 000000
  121212 112233 123123 123321 696969 777777 888888 999999 555555 222222 333333 444444 987654321
  7777777 1111111 11111111 123123123 147258369 159753 147258 159357 789456 789456123 741852963
  password password1 password12 password123 passw0rd p@ssword p@ssw0rd pass123 pass1234 password!
  qwerty qwerty1 qwerty12 qwerty123 qwertyuiop qwert123 qwerty1234 azerty azertyuiop asdfgh
  asdfghjkl asdf1234 zxcvbn zxcvbnm 1q2w3e 1q2w3e4r 1q2w3e4r5t 1qaz2wsx qazwsx 1qazxsw2 zaq12wsx
  abc123 abcd1234 abcdef abc12345 aaaaaa abcabc a123456 a12345 123abc 123qwe qwe123 q1w2e3r4
  iloveyou iloveu loveme lovely love123 princess sunshine shadow monkey dragon master letmein
  welcome welcome1 football baseball soccer hockey superman batman trustno1 starwars whatever
  freedom michael jennifer jordan23 charlie donald hunter ashley jessica daniel thomas andrew
  michelle nicole summer winter autumn spring computer internet killer cheese cookie pepper ginger
  secret secret1 hello123 hello1 helloworld admin1 admin123 administrator root123 changeme
  default guest123 test123 test1234 testing login123 access flower flowers purple orange yellow
  banana apple123 chocolate butterfly mustang ferrari porsche mercedes corvette harley
  liverpool chelsea arsenal barcelona realmadrid manchester juventus matrix maggie buster
  tigger pokemon naruto minecraft fortnite google facebook linkedin youtube twitter
  samsung iphone nokia1 qwerty123456 zxcvbnm123 asdasd asd123 aa123456 1234qwer
  sverige sverige1 stockholm goteborg malmo hejsan hejhej hemligt losenord lösenord
  nordic shield nordicshield security security1 booking booking1 bodyguard`
    .split(/\s+/)
    .filter((word) => word.length > 0),
);

export type PasswordWeakness = { reason: string };

/** Returns why a password is too weak, or null when it is acceptable. */
export function passwordWeakness(password: string, context: { email?: string; name?: string } = {}): PasswordWeakness | null {
  const lowered = password.toLowerCase();
  if (commonPasswords.has(lowered)) {
    return { reason: "This password is one of the most commonly used passwords and is easy to guess. Please choose another." };
  }
  if (/^(.)\1+$/.test(password)) {
    return { reason: "This password repeats a single character. Please choose another." };
  }
  if (isSequence(lowered)) {
    return { reason: "This password is a simple sequence of characters. Please choose another." };
  }
  const localPart = context.email?.split("@")[0]?.toLowerCase();
  if ((localPart && localPart.length >= 3 && lowered.includes(localPart)) || (context.email && lowered === context.email.toLowerCase())) {
    return { reason: "The password must not contain your email address. Please choose another." };
  }
  return null;
}

function isSequence(value: string): boolean {
  if (value.length < 6) return false;
  const step = value.charCodeAt(1) - value.charCodeAt(0);
  if (Math.abs(step) !== 1) return false;
  for (let index = 2; index < value.length; index += 1) {
    if (value.charCodeAt(index) - value.charCodeAt(index - 1) !== step) return false;
  }
  return true;
}
