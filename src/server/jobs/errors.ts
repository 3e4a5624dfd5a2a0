/** A failure retrying cannot help (an unknown kind, a payload that does not parse): the job is given up at once (ADR 095). */
export class PermanentJobError extends Error {}
