// Bad input, unicode tricks: free text must not carry control characters. PostgreSQL refuses a NUL
// byte in text (the request failed with 500), an escape sequence or a line break in a one-line
// value ends up in mail headers, the .ics and the operator's screens, and a bidirectional override
// makes a location read differently from what was stored. Tabs and line breaks stay allowed in
// multi-line fields (a booking note, an affiliate message).

/** One-line text: no C0/C1 control character (line breaks included), no bidirectional override or isolate. */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
export const singleLinePattern = /^[^\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]*$/;

/** Multi-line text: tabs and line breaks are fine, other control characters and NUL are not. */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
export const multiLinePattern = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]*$/;
