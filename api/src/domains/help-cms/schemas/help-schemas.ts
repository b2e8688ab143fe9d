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
