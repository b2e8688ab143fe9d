/** The legal pages the CMS routes serve (edited here; dated so viewers see what changed). */
export const PRIVACY_POLICY = {
  slug: 'privacy-policy',
  title: 'Privacy Policy',
  updatedAt: '2025-01-15',
  sections: [
    {
      heading: 'What we collect',
      body: 'Your name, email address, country, language, the genres you pick, what you watch and how far, your list, and payment records (never full card numbers).',
    },
    {
      heading: 'Why',
      body: 'To run your account, resume playback, personalise your home screen, bill your subscription and keep the service secure.',
    },
    {
      heading: 'Analytics and replays',
      body: 'We use web analytics and, for a sample of sessions, session replay to find bugs. Inputs such as passwords and card fields are never recorded.',
    },
    {
      heading: 'Sharing',
      body: 'Payment data goes to our card processor; we do not sell personal data.',
    },
    {
      heading: 'Retention',
      body: 'Watch history is kept while your account exists. Deleting your account removes your personal data within 30 days, except records the law requires us to keep.',
    },
    {
      heading: 'Your rights',
      body: 'You can see, correct, export or delete your data and change notification and marketing choices at any time from your profile.',
    },
    { heading: 'Contact', body: 'privacy@streamflix.example' },
  ],
};

export const TERMS = {
  slug: 'terms',
  title: 'Terms and Conditions',
  updatedAt: '2025-01-15',
  sections: [
    {
      heading: 'The service',
      body: 'StreamFlix lets you watch free titles and, with a subscription, premium titles, for personal, non-commercial use.',
    },
    {
      heading: 'Subscriptions',
      body: 'Subscriptions renew each period until cancelled. Cancelling keeps premium access until the end of the paid period.',
    },
    { heading: 'Availability', body: 'Titles vary by country and may leave the catalogue.' },
  ],
};
