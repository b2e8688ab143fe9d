/**
 * `i18n/no-unlocalised-jsx` (docs/i18n.md): a string a viewer reads, written as a literal in JSX
 * text or in an aria-label, title, placeholder or alt attribute, fails lint. Write it as
 * `i18n._({ id, message })` (or `<Trans id message />`) instead. Text with no letter in it
 * (punctuation, "·", "—", numbers) and the brand name are not messages and pass.
 */
const ATTRIBUTES = new Set(['aria-label', 'title', 'placeholder', 'alt', 'aria-placeholder']);
const hasLetter = (text) => /\p{L}/u.test(text);
/** Names that stay as they are in every language. */
const NOT_MESSAGES = new Set(['STREAMFLIX', 'Streamflix']);
const isMessage = (text) => hasLetter(text) && !NOT_MESSAGES.has(text.trim());

/** The literal text of an attribute's value, or null when it is computed. */
function literalOf(value) {
  if (!value) return null;
  if (value.type === 'Literal' && typeof value.value === 'string') return value.value;
  if (value.type === 'JSXExpressionContainer') {
    const e = value.expression;
    if (e.type === 'Literal' && typeof e.value === 'string') return e.value;
    if (e.type === 'TemplateLiteral') return e.quasis.map((q) => q.value.cooked).join('');
  }
  return null;
}

export const noUnlocalisedJsx = {
  meta: {
    type: 'problem',
    docs: { description: 'Strings a viewer reads go through the i18n runtime (docs/i18n.md).' },
    messages: {
      text: 'Unlocalised text "{{text}}": write it as i18n._({ id, message }) or <Trans id message /> (docs/i18n.md).',
      attribute:
        'Unlocalised {{name}} "{{text}}": write it as {{name}}={i18n._({ id, message })} (docs/i18n.md).',
    },
    schema: [],
  },
  create(context) {
    return {
      JSXText(node) {
        const text = node.value.trim();
        if (text && isMessage(text))
          context.report({ node, messageId: 'text', data: { text: text.slice(0, 40) } });
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : null;
        if (!name || !ATTRIBUTES.has(name)) return;
        const text = literalOf(node.value);
        if (text && isMessage(text))
          context.report({
            node,
            messageId: 'attribute',
            data: { name, text: text.trim().slice(0, 40) },
          });
      },
    };
  },
};

export default { rules: { 'no-unlocalised-jsx': noUnlocalisedJsx } };
