/**
 * Every text the server sends (errors, validation, results) has a stable code, `<section>.<name>`,
 * and the values it was built from, so a client shows it in its own language (the web translates
 * by code; English is the text itself). A section's texts are written once, in a `…Messages`
 * object made with defineMessages: each entry's code comes from the section and its name, so a new
 * entry has one without anything else to do.
 */

/** What a message's text is built from: numbers, words, or other messages (parts of a sentence). */
export type MessageValue = string | number | Message | readonly Message[];
export type MessageValues = Readonly<Record<string, MessageValue>>;

/** A text built from values: its code, its English text and the values, as the API sends them. */
export class Message {
  constructor(
    readonly code: string,
    readonly message: string,
    readonly values?: MessageValues,
  ) {}

  toString(): string {
    return this.message;
  }
}

declare const fixedText: unique symbol;
/**
 * A fixed text of a section (a defineMessages entry without values): a string, so zod schemas and
 * comparisons take it as it is, branded so that only a catalog's entry has the type. The catalog
 * gave it its code when it was defined; a string written anywhere else is not one.
 */
export type FixedText<T extends string = string> = T & { readonly [fixedText]: true };

/** A text the app sends: a section's fixed text or one built from values (a Message); each has its code. */
export type Text = FixedText | Message;

/** What a response carries for a text: `{message, code, values}`. */
export interface CodedText {
  message: string;
  code: string;
  values?: MessageValues;
}

/** Each section's fixed text -> the code its catalog defined it with (a text belongs to one code). */
const fixedCodes = new Map<string, string>();
/** Every code defined, with its English text or template (`{{name}}` for a value). */
const definedCodes = new Map<string, string>();

/** Every message code with its English text ('{{id}}' where a value goes): for translation checks. */
export const messageCodes = (): ReadonlyMap<string, string> => definedCodes;

/**
 * A text as a Message: a built one as it is, a fixed one with the code its catalog gave it. A
 * string from anywhere else (past the types: `as`, JSON) is refused rather than sent uncoded.
 */
export function toMessage(text: Text): Message {
  if (text instanceof Message) return text;
  const code = fixedCodes.get(text);
  if (code === undefined) throw new TypeError(`Not a section's text, so it has no code: ${String(text)}`);
  return new Message(code, text);
}

/** A text as a response carries it: the English text, its code and its values. */
export function codedText(text: Text): CodedText {
  const { code, message, values } = toMessage(text);
  return values === undefined ? { message, code } : { message, code, values };
}

/**
 * The code of a text that reached a client without it: zod keeps only the text of a schema's
 * message (a validation issue, on the server and in the web's forms), and a message log stores a
 * failure reason as its text. Undefined for a text that is no section's fixed text. The server's
 * own texts never need it: they are FixedText or Message, which carry their code.
 */
export const codeOfReceivedText = (text: string): string | undefined => fixedCodes.get(text);

type Template = string | ((values: never) => string);
/** A section's texts as defineMessages returns them: fixed ones as they are, built ones as Messages. */
export type MessageCatalog<T extends Record<string, Template>> = {
  readonly [K in keyof T]: T[K] extends (values: infer V) => string
    ? (values: V) => Message
    : T[K] extends string
      ? FixedText<T[K]>
      : never;
};
/** Built texts take their values as one object, so each value has a name a translation can use. */
type NamedValues<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => string
    ? A extends [Record<string, unknown>]
      ? T[K]
      : 'a built message takes its values as one object: ({ id }) => …'
    : T[K];
};

/** Reads a template's value names: a value stands as `{{name}}` in the English template. */
const placeholders: Record<string, unknown> = new Proxy(
  {},
  { get: (_target, name) => (typeof name === 'string' ? `{{${name}}}` : undefined) },
);

/** A section's texts, each with the code `<section>.<name>`. */
export function defineMessages<const T extends Record<string, Template>>(
  section: string,
  texts: T & NamedValues<T>,
): MessageCatalog<T> {
  const catalog: Record<string, unknown> = {};
  for (const [name, text] of Object.entries(texts as Record<string, Template>)) {
    const code = `${section}.${name}`;
    if (typeof text === 'string') {
      const owner = fixedCodes.get(text);
      // A response carries a fixed text's code by the text alone, so two codes for one text would
      // make a client's code depend on which catalog was loaded first: share the one text instead.
      if (owner !== undefined && owner !== code)
        throw new Error(`${code} repeats the text of ${owner} ('${text}'): use ${owner}, or word it differently`);
      fixedCodes.set(text, code);
      definedCodes.set(code, text);
      catalog[name] = text;
    } else {
      const build = text as (values: MessageValues) => string;
      let template: string;
      try {
        template = build(placeholders as MessageValues);
      } catch {
        template = code;
      }
      definedCodes.set(code, template);
      catalog[name] = (values: MessageValues) => new Message(code, build(values), values);
    }
  }
  return catalog as MessageCatalog<T>;
}

/** User-facing validation and error texts from docs/product.md §5 and §8, shared by server and web. */
export const messages = defineMessages('common', {
  invalidCredentials: 'Invalid username or password',
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  signedOut: 'Signed out',
  notSignedIn: 'Not signed in',
  sessionExpired: 'Your session has expired. Please sign in again.',
  forbidden: 'You do not have permission to do this',
  crossSite: 'Cross-site request refused',
  invalidItemName: 'Invalid item name',
  locationNameRequired: 'Location name must be a non-empty string',
  locationInUse: 'Location is used by events and cannot be deleted; archive it instead',
  usernameNonEmpty: 'Username must be a non-empty string',
  timezoneRequired: 'Timezone is required',
  groupNameRequired: 'Group name must be a non-empty string',
  formTitleRequired: 'Form title must be a non-empty string',
  keyRequired: 'Key is required',
  valueRequired: 'Value is required',
  labelRequired: 'Label is required',
  lookupNotFound: 'Lookup not found',
  invalidId: 'Id must be a positive whole number',
  userIdMissing: 'User ID is missing',
  ownProfileOnly: 'You can only change your own profile',
  nulCharacter: 'Text must not contain the NUL character (U+0000)',
  invalidUnicode: 'Text must be valid Unicode (a lone surrogate such as \\ud800 is not)',
  internalError: 'Something went wrong on our side. Please try again.',
  shuttingDown: 'Server is shutting down, try again shortly',
  invalidJson: 'Request body is not valid JSON',
  prototypeKey: 'Request body must not set __proto__ or constructor.prototype',
  routeNotFound: 'Route not found',
  invalidRequest: 'Invalid request',
  // Field texts several sections' schemas share: each text is one section's (defineMessages refuses a second).
  nothingToUpdate: 'Nothing to update',
  groupIdsInvalid: 'Groups must be a list of group ids',
  dryRunInvalid: 'dryRun must be true or false',
  notifyInvalid: 'notify must be true or false',
  reasonTooLong: 'The reason is at most 500 characters',
  dayFromInvalid: 'from must be a day (YYYY-MM-DD)',
  dayToInvalid: 'to must be a day (YYYY-MM-DD)',
  messagingOff: 'Messaging is not running in this process',
  notFound: ({ item }: { item: string }) => `${item} not found`,
  unknownSort: ({ sort }: { sort: string }) => `Unknown sort '${sort}'`,
  mustBeType: ({ field, expected }: { field: string; expected: string }) =>
    `${field} must be ${/^[aeiou]/.test(expected) ? 'an' : 'a'} ${expected}`,
  invalidField: ({ field, problem }: { field: string; problem: string }) => `${field}: ${problem}`,
  /** A schema's text that is no section's message, as zod gave it. */
  invalidInput: ({ problem }: { problem: string }) => problem,
  /** A request the HTTP framework refused (a body too large, a content type it does not read), in its words. */
  requestRefused: ({ reason }: { reason: string }) => reason,
});

export const notFound = (item: string) => messages.notFound({ item });
export const unknownSort = (sort: string) => messages.unknownSort({ sort });
