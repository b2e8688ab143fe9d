import { Type, type Static } from 'typebox';

export const HelpMessage = Type.Object(
  {
    id: Type.String(),
    author: Type.Union([Type.Literal('viewer'), Type.Literal('support')]),
    body: Type.String(),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { title: 'HelpMessage' },
);
export type HelpMessage = Static<typeof HelpMessage>;

export const HelpConversation = Type.Object({ messages: Type.Array(HelpMessage) });
export const HelpMessageBody = Type.Object({
  message: Type.String({ minLength: 1, maxLength: 2000 }),
  page: Type.Optional(Type.String({ maxLength: 300 })),
});

export const GuestHelpMessageBody = Type.Object({
  email: Type.String({
    format: 'email',
    maxLength: 254,
    description: 'Where the answer goes (the guest has no account).',
  }),
  message: Type.String({ minLength: 1, maxLength: 2000 }),
  page: Type.Optional(Type.String({ maxLength: 300 })),
});

export const GuestHelpMessage = Type.Object(
  {
    id: Type.String(),
    email: Type.String({ description: 'The address the answer goes to, as stored.' }),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { title: 'GuestHelpMessage' },
);
export type GuestHelpMessage = Static<typeof GuestHelpMessage>;
