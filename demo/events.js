// demo/events.html: logs every agora-* event the elements send (src/elements/events.ts). With the
// box ticked, navigation and sign-in requests are cancelled (preventDefault) and only logged, as a
// CMS page that routes by itself would; unticked, the element opens the portal.
const EVENTS = ['agora-navigate', 'agora-signin-required', 'agora-subscribed', 'agora-application-created', 'agora-credential-created', 'agora-error'];
const log = document.getElementById('log');
const routeMyself = document.getElementById('route-myself');

for (const name of EVENTS) {
  document.addEventListener(name, (event) => {
    const cancelled = routeMyself.checked && (name === 'agora-navigate' || name === 'agora-signin-required');
    if (cancelled) event.preventDefault();
    const item = document.createElement('li');
    item.dataset.event = name;
    const title = document.createElement('b');
    title.textContent = name;
    item.append(title, ` from <${event.target.localName}>${cancelled ? ' (handled by the page)' : ''}: `, JSON.stringify(event.detail));
    log.prepend(item);
  });
}
