/*
 * Streamflix help: the local stand-in for a customer-chat provider. Loaded by
 * the shell after first paint, like a provider's script; it renders in its own
 * shadow root (so no page CSS reaches it and its CSS reaches nothing) and talks
 * to the API only through the shell's client (window.__STREAMFLIX_HELP__).
 */
(function () {
  'use strict';
  var host = window.__STREAMFLIX_HELP__;
  if (!host || document.getElementById('sf-help')) return;

  var ANSWERS = [
    [
      'How do I cancel my subscription?',
      'Open Profile, then Subscription, and choose Cancel subscription. You keep access until the end of the period you paid for.',
    ],
    [
      'Why does a video keep buffering?',
      'Playback lowers its quality to match your connection. Check your network, close other downloads, or pick a lower quality in the player settings.',
    ],
    [
      'How do I reset my password?',
      'On the login screen choose Forgot password. We email you a six-digit code to set a new one.',
    ],
    [
      'Which devices can I watch on?',
      'Any current browser on a computer, tablet or phone. You can also install Streamflix as an app from your browser.',
    ],
  ];

  var css =
    ':host{all:initial}' +
    '*{box-sizing:border-box;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}' +
    '.launcher{position:fixed;right:16px;bottom:16px;z-index:70;min-height:44px;padding:0 18px;border-radius:999px;border:1px solid #2c3040;background:#e50914;color:#fff;font-size:15px;font-weight:700;cursor:pointer;box-shadow:0 2px 10px rgb(0 0 0/.4)}' +
    '.launcher.raised{bottom:auto;top:72px}' +
    'button:focus-visible,a:focus-visible,textarea:focus-visible,summary:focus-visible{outline:3px solid #ffd23f;outline-offset:2px}' +
    '.panel{position:fixed;right:16px;bottom:72px;z-index:71;width:min(380px,calc(100vw - 32px));max-height:min(560px,calc(100vh - 96px));display:flex;flex-direction:column;background:#15171e;color:#f1f2f6;border:1px solid #2c3040;border-radius:14px;box-shadow:0 2px 16px rgb(0 0 0/.5);overflow:hidden}' +
    '.panel.raised{bottom:auto;top:124px;max-height:calc(100vh - 140px)}' +
    '.launcher[hidden]{display:none}' +
    '.panel.docked{bottom:auto;top:60px;max-height:calc(100vh - 76px)}' +
    '.panel[hidden]{display:none}' +
    'header{display:flex;align-items:center;gap:8px;padding:12px 14px;border-bottom:1px solid #2c3040}' +
    'h2{flex:1;margin:0;font-size:17px}' +
    '.close{min-width:36px;min-height:36px;border:0;border-radius:8px;background:transparent;color:#f1f2f6;font-size:20px;cursor:pointer}' +
    '.body{padding:12px 14px;overflow:auto;display:flex;flex-direction:column;gap:12px}' +
    '.label{margin:0;font-size:12px;color:#a4a9bb}' +
    'h3{margin:4px 0;font-size:14px}' +
    'details{border:1px solid #2c3040;border-radius:8px;padding:8px 10px;font-size:14px}summary{cursor:pointer}details p{margin:8px 0 0;color:#c9ccd8}' +
    'ol{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:6px}' +
    'li{padding:8px 10px;border-radius:8px;background:#1e212b;font-size:14px;white-space:pre-wrap;overflow-wrap:anywhere}li.support{background:#243049}' +
    'li small{display:block;color:#a4a9bb;font-size:11px;margin-top:4px}' +
    'form{display:flex;flex-direction:column;gap:6px}label{font-size:14px;font-weight:600}' +
    'textarea,input{width:100%;padding:8px;border-radius:8px;border:1px solid #2c3040;background:#0b0c10;color:#f1f2f6;font-size:14px}' +
    'textarea{min-height:80px;resize:vertical}' +
    'input:focus-visible{outline:3px solid #ffd23f;outline-offset:2px}[aria-invalid=true]{border-color:#ff8a8a}' +
    '.hint{margin:0;font-size:12px;color:#a4a9bb}' +
    '.send{align-self:flex-end;min-height:40px;padding:0 16px;border-radius:8px;border:0;background:#e50914;color:#fff;font-weight:700;cursor:pointer}' +
    '.send[aria-disabled=true]{opacity:.6;cursor:progress}' +
    '.status{margin:0;font-size:13px;min-height:1em}.status.error{color:#ff8a8a}' +
    'a{color:#ffd23f}';

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === 'text') node.textContent = attrs[k];
      else node.setAttribute(k, attrs[k]);
    });
    (children || []).forEach(function (c) {
      node.append(c);
    });
    return node;
  }

  var mount = el('div', { id: 'sf-help' });
  var root = mount.attachShadow({ mode: 'open' });
  root.append(el('style', { text: css }));

  var launcher = el('button', {
    type: 'button',
    class: 'launcher',
    'aria-expanded': 'false',
    'aria-controls': 'sf-help-panel',
    text: 'Help',
  });
  var closeButton = el('button', {
    type: 'button',
    class: 'close',
    'aria-label': 'Close help',
    text: '×',
  });
  var title = el('h2', { id: 'sf-help-title', tabindex: '-1', text: 'Help' });
  var list = el('ol', { 'aria-label': 'Your messages' });
  var status = el('p', { class: 'status', role: 'status' });
  var textarea = el('textarea', {
    id: 'sf-help-message',
    name: 'message',
    maxlength: '2000',
    required: '',
  });
  var send = el('button', { type: 'submit', class: 'send', text: 'Send message' });
  var form = el('form', { 'aria-labelledby': 'sf-help-form-title', novalidate: '' }, [
    el('label', { for: 'sf-help-message', text: 'Your message' }),
    textarea,
    send,
  ]);
  var conversation = el('div', {}, [
    el('h3', { id: 'sf-help-form-title', text: 'Write to us' }),
    list,
    form,
    status,
  ]);
  // A guest writes with an email address for the answer, as with a chat provider.
  var guestEmail = el('input', {
    id: 'sf-help-email',
    name: 'email',
    type: 'email',
    autocomplete: 'email',
    maxlength: '254',
    required: '',
    'aria-describedby': 'sf-help-email-hint',
  });
  var guestText = el('textarea', {
    id: 'sf-help-guest-message',
    name: 'message',
    maxlength: '2000',
    required: '',
  });
  var guestStatus = el('p', { class: 'status', role: 'status' });
  var guestForm = el('form', { 'aria-labelledby': 'sf-help-guest-title', novalidate: '' }, [
    el('label', { for: 'sf-help-email', text: 'Your email' }),
    el('p', {
      id: 'sf-help-email-hint',
      class: 'hint',
      text: 'We answer there, usually within a day.',
    }),
    guestEmail,
    el('label', { for: 'sf-help-guest-message', text: 'Your message' }),
    guestText,
    el('button', { type: 'submit', class: 'send', text: 'Send message' }),
  ]);
  var guestNote = el('div', {}, [
    el('h3', { id: 'sf-help-guest-title', text: 'Write to us' }),
    guestForm,
    guestStatus,
    el('p', { class: 'hint' }, [
      'Have an account? ',
      el('a', { href: '/login', text: 'Log in' }),
      ' to see your conversation here.',
    ]),
  ]);
  var answers = el(
    'div',
    {},
    [el('h3', { text: 'Common answers' })].concat(
      ANSWERS.map(function (qa) {
        return el('details', {}, [el('summary', { text: qa[0] }), el('p', { text: qa[1] })]);
      }),
    ),
  );
  var panel = el(
    'div',
    {
      id: 'sf-help-panel',
      class: 'panel',
      role: 'dialog',
      'aria-labelledby': 'sf-help-title',
      hidden: '',
    },
    [
      el('header', {}, [title, closeButton]),
      el('div', { class: 'body' }, [
        el('p', {
          class: 'label',
          text: 'Local help inbox: no chat provider is configured here, so messages are stored by the Streamflix API.',
        }),
        answers,
        conversation,
        guestNote,
      ]),
    ],
  );
  // The panel joins the page only while open: closed, its form fields (a guest's email) would be
  // found by the page's own label lookups.
  root.append(launcher);
  document.body.append(mount);
  // The page may offer its own entry point (the shell's header button): then no floating launcher,
  // which could cover the page's controls, and the panel opens under the header.
  var docked = host.launcher === false;
  if (docked) {
    launcher.hidden = true;
    panel.classList.add('docked');
  }

  function render(messages) {
    list.replaceChildren.apply(
      list,
      messages.map(function (m) {
        return el('li', { class: m.author }, [
          m.body,
          el('small', {
            text:
              (m.author === 'support' ? 'Support · ' : 'You · ') +
              new Date(m.createdAt).toLocaleString(),
          }),
        ]);
      }),
    );
  }

  function setStatus(text, isError, target) {
    var node = target || status;
    node.textContent = text;
    node.className = isError ? 'status error' : 'status';
  }

  function load() {
    var loggedIn = host.isLoggedIn();
    conversation.hidden = !loggedIn;
    guestNote.hidden = loggedIn;
    if (!loggedIn) return;
    host.call('GET', '/help/messages').then(function (r) {
      if (r.status) render(r.data.messages);
      else setStatus(r.message || 'Your messages could not be loaded. Try again later.', true);
    });
  }

  function open() {
    if (!panel.isConnected) root.append(panel);
    panel.hidden = false;
    launcher.setAttribute('aria-expanded', 'true');
    load();
    title.focus();
  }
  function close() {
    panel.hidden = true;
    panel.remove();
    launcher.setAttribute('aria-expanded', 'false');
    if (docked && host.returnFocus) host.returnFocus();
    else launcher.focus();
  }
  host.toggle = function () {
    if (panel.hidden) open();
    else close();
    return !panel.hidden;
  };

  launcher.addEventListener('click', function () {
    if (panel.hidden) open();
    else close();
  });
  closeButton.addEventListener('click', close);
  // On the document: Escape closes the panel wherever focus is (a disabled button drops it to the body).
  document.addEventListener('keydown', function (e) {
    if (e.key === 'Escape' && !panel.hidden) close();
  });

  var sending = false;
  form.addEventListener('submit', function (e) {
    e.preventDefault();
    var text = textarea.value.trim();
    if (!text) {
      setStatus('Write a message first.', true);
      textarea.focus();
      return;
    }
    if (sending) return;
    sending = true;
    send.setAttribute('aria-disabled', 'true');
    setStatus('Sending…', false);
    host
      .call('POST', '/help/messages', { message: text, page: location.pathname })
      .then(function (r) {
        sending = false;
        send.removeAttribute('aria-disabled');
        if (!r.status) {
          // The text stays in the box: nothing the viewer wrote is lost.
          setStatus(
            r.network
              ? 'You appear to be offline. Your message is still here; try again.'
              : r.message || 'Your message could not be sent. Try again.',
            true,
          );
          return;
        }
        textarea.value = '';
        setStatus(r.message || 'Sent.', false);
        load();
      });
  });

  var EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
  function invalid(field, text) {
    field.setAttribute('aria-invalid', 'true');
    setStatus(text, true, guestStatus);
    field.focus();
  }
  var guestSending = false;
  guestForm.addEventListener('submit', function (e) {
    e.preventDefault();
    var email = guestEmail.value.trim();
    var text = guestText.value.trim();
    guestEmail.removeAttribute('aria-invalid');
    guestText.removeAttribute('aria-invalid');
    if (!email) return invalid(guestEmail, 'Enter your email address, so we can answer you.');
    if (!EMAIL.test(email) || email.length > 254)
      return invalid(guestEmail, 'Enter a valid email address, like name@example.com.');
    if (!text) return invalid(guestText, 'Write a message first.');
    if (guestSending) return;
    guestSending = true;
    setStatus('Sending…', false, guestStatus);
    host
      .call('POST', '/help/guest-messages', {
        email: email,
        message: text,
        page: location.pathname,
      })
      .then(function (r) {
        guestSending = false;
        if (!r.status) {
          if (r.fieldErrors && r.fieldErrors.email) guestEmail.setAttribute('aria-invalid', 'true');
          // What the guest wrote stays in the form.
          setStatus(
            r.network
              ? 'You appear to be offline. Your message is still here; try again.'
              : r.message || 'Your message could not be sent. Try again.',
            true,
            guestStatus,
          );
          return;
        }
        guestText.value = '';
        setStatus(r.message || 'Sent. We will answer by email.', false, guestStatus);
      });
  });

  // Out of the way of the player's controls, which sit along the bottom of the watch screen.
  var lastPath = '';
  function place() {
    if (location.pathname === lastPath) return;
    lastPath = location.pathname;
    var watching = /^\/(watch|play|player)(\/|$)/.test(lastPath);
    launcher.classList.toggle('raised', watching);
    panel.classList.toggle('raised', watching && !docked);
  }
  place();
  window.addEventListener('popstate', place);
  setInterval(place, 500);
})();
