/**
 * The customer-chat widget script (spec §2). Loaded once, asynchronously, only
 * when an environment configures one; it must never delay or break the page.
 */
let loaded = false;

export function loadChatWidget(url?: string): void {
  if (loaded || !url) return;
  loaded = true;
  const script = document.createElement('script');
  script.src = url;
  script.async = true;
  script.onerror = () => console.warn('[chat] the chat widget could not be loaded');
  document.body.append(script);
}
