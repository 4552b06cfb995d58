// The playground page: one person's Discord, drawn from /api/view (playground/web.py).
// Plain JavaScript with no build step. The server holds all state; this page keeps only
// who you are, which channel you look at, and the DOM of the messages it drew (redrawn
// one message at a time when its revision changes, so an open select survives others' moves).
"use strict";

const $ = (selector) => document.querySelector(selector);
const page = {
  people: [],
  me: null, // user id
  channels: {}, // user id -> channel id they look at
  commands: {}, // user id -> synced commands they may use
  version: null,
  poll: null, // AbortController of the running long poll
  sidebarKey: "", // what the sidebar shows now
  names: { users: {}, channels: {} },
  attention: {}, // user id -> id of the newest message calling for them (a mention, a DM)
  seen: {}, // user id -> the attention id they had when last played
  suggestion: -1, // highlighted suggestion, -1: none chosen with the arrows
  suggestions: [],
};

// -- talking to the server -----------------------------------------------------------
async function post(path, body) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ as: page.me, ...body }),
  });
  const answer = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
  showError(answer.error || "");
  return answer;
}

async function pollForever() {
  for (;;) {
    const control = new AbortController();
    page.poll = control;
    const params = new URLSearchParams({ as: page.me, channel: page.channels[page.me] || "" });
    if (page.version !== null) params.set("since", page.version);
    try {
      const response = await fetch(`/api/view?${params}`, { signal: control.signal });
      const data = await response.json();
      if (data.me.id !== page.me) continue; // switched person meanwhile
      page.version = data.version;
      draw(data);
      $("#status").textContent = data.bot_running ? "" : "the bot is not running";
    } catch (error) {
      if (control.signal.aborted) continue;
      $("#status").textContent = "the playground stopped";
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
}

function refresh() {
  page.version = null;
  if (page.poll) page.poll.abort();
}

// -- people and channels ---------------------------------------------------------------
// The person buttons are made once and only marked after (a button redrawn under the
// pointer between press and release would lose the click).
function makePeople() {
  $("#people").replaceChildren(
    ...page.people.map((person) => {
      const button = el("button", { type: "button", "data-person": person.name }, person.name);
      button.addEventListener("click", () => become(person.id));
      return button;
    }),
  );
  markPeople();
}

function markPeople() {
  for (const person of page.people) {
    const button = $(`#people button[data-person="${person.name}"]`);
    const newest = BigInt(page.attention[person.id] || 0);
    const seen = page.seen[person.id];
    const called = person.id !== page.me && seen !== undefined && newest > BigInt(seen);
    button.setAttribute("aria-pressed", String(person.id === page.me));
    button.classList.toggle("called", called);
    button.title = called
      ? `${person.name} was mentioned or got a DM`
      : person.moderator
        ? `${person.name} has Manage Server: the host's commands work`
        : "";
  }
}

function become(userId) {
  if (page.me === userId) return;
  page.me = userId;
  const person = page.people.find((p) => p.id === userId);
  history.replaceState(null, "", `#${person.name}`);
  markPeople();
  $("#messages").replaceChildren();
  loadCommands();
  refresh();
}

function lookAt(channelId) {
  if (page.channels[page.me] === channelId) return;
  page.channels[page.me] = channelId;
  $("#messages").replaceChildren();
  refresh();
}

async function loadCommands() {
  const me = page.me;
  const response = await fetch(`/api/commands?as=${me}`);
  page.commands[me] = await response.json();
}

function drawSidebar(sidebar, current) {
  const key = JSON.stringify([sidebar, current]);
  if (key === page.sidebarKey) return; // unchanged: keep the links under the pointer
  page.sidebarKey = key;
  const item = (id, text, extra = "") => {
    const link = el("a", { href: "#", "data-channel": id, class: `place ${extra}` }, text);
    if (id === current) link.setAttribute("aria-current", "true");
    link.addEventListener("click", (event) => {
      event.preventDefault();
      lookAt(id);
    });
    return link;
  };
  const parts = [el("h2", {}, sidebar.server)];
  for (const channel of sidebar.channels) {
    parts.push(item(channel.id, `# ${channel.name}`));
    for (const thread of channel.threads) {
      parts.push(item(thread.id, thread.name, thread.archived ? "thread archived" : "thread"));
    }
  }
  parts.push(el("h2", {}, "Direct messages"));
  if (sidebar.dm) parts.push(item(sidebar.dm.id, `@ ${sidebar.dm.name}`));
  else parts.push(el("p", { class: "hint" }, "none yet"));
  $("#sidebar").replaceChildren(...parts);
}

// -- messages -------------------------------------------------------------------------------
function draw(data) {
  page.names = data.names;
  page.attention = data.attention;
  for (const [id, newest] of Object.entries(data.attention)) {
    if (id === page.me || page.seen[id] === undefined) page.seen[id] = newest;
  }
  markPeople();
  page.channels[page.me] = data.channel.id;
  drawSidebar(data.sidebar, data.channel.id);
  $("#channel-name").textContent = data.channel.dm
    ? data.channel.name
    : `${data.channel.thread ? "🧵" : "#"} ${data.channel.name}`;
  const list = $("#messages");
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 80;
  const drawn = new Map([...list.children].map((li) => [li.dataset.id, li]));
  let previous = null;
  for (const message of data.messages) {
    let li = drawn.get(message.id);
    if (!li || li.dataset.rev !== message.rev) {
      const fresh = drawMessage(message);
      if (li) li.replaceWith(fresh);
      li = fresh;
    }
    drawn.delete(message.id);
    const next = previous ? previous.nextSibling : list.firstChild;
    if (next !== li) list.insertBefore(li, next);
    previous = li;
  }
  for (const gone of drawn.values()) gone.remove();
  if (atBottom) list.scrollTop = list.scrollHeight;
}

function drawMessage(m) {
  const li = el("li", {
    class: `message${m.ephemeral ? " ephemeral" : ""}`,
    "data-id": m.id,
    "data-rev": m.rev,
    "data-ephemeral": String(m.ephemeral),
  });
  if (m.used) li.append(el("p", { class: "used" }, `${m.used.user} used /${m.used.command}`));
  const head = el("p", { class: "head" });
  head.append(el("span", { class: "author" }, m.author.name));
  if (m.author.bot) head.append(el("span", { class: "tag" }, "APP"));
  const at = new Date(m.time);
  head.append(el("time", { datetime: m.time }, at.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })));
  if (m.edited) head.append(el("span", { class: "hint" }, "(edited)"));
  li.append(head);
  if (m.loading) li.append(el("p", { class: "hint" }, `${m.author.name} is thinking…`));
  if (m.content) li.append(markdown(m.content, "content"));
  for (const embed of m.embeds) li.append(drawEmbed(embed));
  for (const file of m.attachments) {
    li.append(
      file.image
        ? el("img", { class: "attachment", src: file.url, alt: file.description || file.filename })
        : el("a", { class: "attachment", href: file.url, download: file.filename }, file.filename),
    );
  }
  if (m.components.length) li.append(drawComponents(m.components, m.id));
  if (m.thread) {
    const name = page.names.channels[m.thread] || "thread";
    li.append(channelLink(m.thread, `🧵 ${name}`, "thread-link"));
  }
  if (m.ephemeral) li.append(el("p", { class: "only-you" }, "👁 Only you can see this"));
  return li;
}

function drawEmbed(embed) {
  const box = el("div", { class: "embed" });
  box.style.borderLeftColor = `#${(embed.color ?? 0x1e1f22).toString(16).padStart(6, "0")}`;
  if (embed.author && embed.author.name) box.append(el("p", { class: "embed-author" }, embed.author.name));
  if (embed.title) box.append(markdown(embed.title, "embed-title"));
  if (embed.description) box.append(markdown(embed.description, "embed-description"));
  if (embed.fields && embed.fields.length) {
    const fields = el("div", { class: "embed-fields" });
    for (const field of embed.fields) {
      const cell = el("div", { class: `embed-field${field.inline ? " inline" : ""}` });
      cell.append(markdown(field.name, "field-name"), markdown(field.value, "field-value"));
      fields.append(cell);
    }
    box.append(fields);
  }
  if (embed.image && embed.image.url) {
    box.append(el("img", { class: "embed-image", src: embed.image.url, alt: embed.title || "image" }));
  }
  if (embed.thumbnail && embed.thumbnail.url) {
    box.append(el("img", { class: "embed-thumbnail", src: embed.thumbnail.url, alt: "" }));
  }
  if (embed.footer && embed.footer.text) box.append(el("p", { class: "embed-footer" }, embed.footer.text));
  return box;
}

const BUTTON_STYLES = { 1: "primary", 2: "secondary", 3: "success", 4: "danger", 5: "link", 6: "premium" };

function drawComponents(components, messageId) {
  const box = el("div", { class: "components" });
  for (const component of components) {
    if (component.type === 1) {
      const row = el("div", { class: "row" });
      for (const inner of component.components || []) row.append(drawComponent(inner, messageId));
      box.append(row);
    } else {
      box.append(drawComponent(component, messageId));
    }
  }
  return box;
}

function drawComponent(c, messageId) {
  if (c.type === 2) {
    const label = `${c.emoji && c.emoji.name ? `${c.emoji.name} ` : ""}${c.label || ""}`.trim();
    if (c.style === 5) return el("a", { class: "button link", href: c.url, target: "_blank", rel: "noopener" }, `${label} ↗`);
    const button = el("button", { type: "button", class: `button ${BUTTON_STYLES[c.style] || "secondary"}`, "data-custom-id": c.custom_id }, label);
    button.disabled = Boolean(c.disabled);
    button.addEventListener("click", async () => {
      button.disabled = true;
      button.classList.add("pending");
      await post("/api/click", { message: messageId, custom_id: c.custom_id });
      button.classList.remove("pending");
      button.disabled = Boolean(c.disabled);
    });
    return button;
  }
  if (c.type === 3) return drawSelect(c, messageId);
  if (c.type === 10) return markdown(c.content || "", "content");
  return el("p", { class: "hint" }, `(component type ${c.type} is not drawn by the playground)`);
}

function drawSelect(c, messageId) {
  const multiple = (c.max_values ?? 1) > 1;
  const select = el("select", { class: "select", "data-custom-id": c.custom_id });
  select.disabled = Boolean(c.disabled);
  select.multiple = multiple;
  if (!multiple) {
    const placeholder = el("option", { value: "" }, c.placeholder || "Make a selection");
    placeholder.disabled = true;
    placeholder.selected = !(c.options || []).some((o) => o.default);
    select.append(placeholder);
  }
  for (const option of c.options || []) {
    const label = `${option.emoji && option.emoji.name ? `${option.emoji.name} ` : ""}${option.label}`;
    const item = el("option", { value: option.value, title: option.description || "" }, label);
    item.selected = Boolean(option.default);
    select.append(item);
  }
  const send = async () => {
    const values = [...select.selectedOptions].map((o) => o.value).filter((v) => v !== "");
    select.disabled = true;
    await post("/api/select", { message: messageId, custom_id: c.custom_id, values });
    select.disabled = Boolean(c.disabled);
  };
  if (!multiple) {
    select.addEventListener("change", send);
    return select;
  }
  const box = el("div", { class: "multi" });
  const ok = el("button", { type: "button", class: "button primary" }, "OK");
  ok.addEventListener("click", send);
  box.append(select, ok);
  return box;
}

// -- Discord's markdown, the part the bot uses ---------------------------------------------
function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

function inline(text) {
  const names = page.names;
  return escapeHtml(text)
    .replace(/`([^`]+)`/g, "<code>$1</code>")
    .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
    .replace(/__([^_]+)__/g, "<u>$1</u>")
    .replace(/(^|[^*\w])\*([^*\s][^*]*?)\*(?!\w)/g, "$1<em>$2</em>")
    .replace(/(^|[^_\w])_([^_\s][^_]*?)_(?!\w)/g, "$1<em>$2</em>")
    .replace(/~~([^~]+)~~/g, "<s>$1</s>")
    .replace(/\|\|([^|]+)\|\|/g, '<span class="spoiler">$1</span>')
    .replace(/\[([^\]]+)\]\((https?:[^)\s]+)\)/g, (_, label, url) => link(url, label))
    .replace(/(^|\s)(https?:\/\/[^\s<]+)/g, (_, space, url) => space + link(url, null))
    .replace(/&lt;@!?(\d+)&gt;/g, (_, id) => `<span class="mention">@${escapeHtml(names.users[id] || "unknown")}</span>`)
    .replace(/&lt;@&amp;(\d+)&gt;/g, '<span class="mention">@role</span>')
    .replace(/&lt;#(\d+)&gt;/g, (_, id) => `<a href="#" class="mention" data-channel="${id}">#${escapeHtml(names.channels[id] || "unknown")}</a>`)
    .replace(/&lt;a?:(\w+):\d+&gt;/g, ":$1:")
    .replace(/&lt;t:(\d+)(?::\w)?&gt;/g, (_, s) => new Date(Number(s) * 1000).toLocaleString());
}

// A link to a message or channel of this Discord (the bot's jump links) opens it here.
const JUMP = /^https:\/\/discord\.com\/channels\/[\d@me]+\/(\d+)(?:\/\d+)?$/;

function link(url, label) {
  const jump = url.match(JUMP);
  if (jump) {
    const name = page.names.channels[jump[1]] || "unknown";
    return `<a href="#" class="mention" data-channel="${jump[1]}">${label || `#${escapeHtml(name)} ›`}</a>`;
  }
  return `<a href="${url}" target="_blank" rel="noopener">${label || url}</a>`;
}

function markdown(text, cls) {
  const box = el("div", { class: `md ${cls}` });
  const html = [];
  let code = null;
  for (const line of text.split("\n")) {
    if (line.startsWith("```")) {
      if (code === null) code = [];
      else {
        html.push(`<pre>${escapeHtml(code.join("\n"))}</pre>`);
        code = null;
      }
      continue;
    }
    if (code !== null) code.push(line);
    else if (/^#{1,3} /.test(line)) html.push(`<p class="h${line.indexOf(" ")}">${inline(line.replace(/^#+ /, ""))}</p>`);
    else if (line.startsWith("-# ")) html.push(`<p class="sub">${inline(line.slice(3))}</p>`);
    else if (line.startsWith("> ")) html.push(`<blockquote>${inline(line.slice(2))}</blockquote>`);
    else html.push(`<p>${inline(line) || "&nbsp;"}</p>`);
  }
  if (code !== null) html.push(`<pre>${escapeHtml(code.join("\n"))}</pre>`);
  box.innerHTML = html.join("");
  for (const link of box.querySelectorAll("a[data-channel]")) {
    link.addEventListener("click", (event) => {
      event.preventDefault();
      lookAt(link.dataset.channel);
    });
  }
  return box;
}

function channelLink(id, text, cls) {
  const link = el("a", { href: "#", class: cls, "data-channel": id }, text);
  link.addEventListener("click", (event) => {
    event.preventDefault();
    lookAt(id);
  });
  return link;
}

// -- the command box: Discord's slash command picker, from the synced commands ------------------
const SUB = [1, 2];

function suggestionsFor(text) {
  const commands = page.commands[page.me] || [];
  if (!text.startsWith("/")) return [];
  const body = text.slice(1);
  if (!body.includes(" ")) {
    return commands
      .filter((c) => c.name.startsWith(body))
      .map((c) => ({ label: `/${c.name}`, hint: c.description, text: `/${c.name} ` }));
  }
  let [name, rest] = [body.slice(0, body.indexOf(" ")), body.slice(body.indexOf(" ") + 1)];
  const command = commands.find((c) => c.name === name);
  if (!command) return [];
  const path = [name];
  let specs = command.options || [];
  while (specs.some((o) => SUB.includes(o.type))) {
    rest = rest.trimStart();
    const space = rest.indexOf(" ");
    const word = space < 0 ? rest : rest.slice(0, space);
    if (space < 0) {
      return specs
        .filter((o) => SUB.includes(o.type) && o.name.startsWith(word))
        .map((o) => ({ label: `/${[...path, o.name].join(" ")}`, hint: o.description, text: `/${[...path, o.name].join(" ")} ` }));
    }
    const sub = specs.find((o) => o.name === word && SUB.includes(o.type));
    if (!sub) return [];
    path.push(word);
    specs = sub.options || [];
    rest = rest.slice(space + 1);
  }
  const names = specs.map((o) => o.name).sort((a, b) => b.length - a.length);
  const found = names.length ? [...rest.matchAll(new RegExp(`(?:^|\\s)(${names.join("|")}):`, "g"))] : [];
  const used = new Set(found.map((m) => m[1]));
  const last = found[found.length - 1];
  if (last) {
    const value = rest.slice(last.index + last[0].length);
    const spec = specs.find((o) => o.name === last[1]);
    const values = valuesOf(spec);
    const matching = values.filter((v) => [v.value, v.label].some((s) => String(s).toLowerCase().startsWith(value.toLowerCase())));
    const exact = values.some((v) => String(v.value) === value.trimEnd() && value.endsWith(" "));
    if (!exact && (!value.includes(" ") || matching.length)) {
      const before = text.slice(0, text.length - value.length);
      return matching.map((v) => ({ label: `${spec.name}: ${v.label}`, hint: "", text: `${before}${v.value} ` }));
    }
  }
  const prefix = text.endsWith(" ") ? "" : text.slice(text.lastIndexOf(" ") + 1);
  const before = text.slice(0, text.length - prefix.length);
  return specs
    .filter((o) => !used.has(o.name) && o.name.startsWith(prefix))
    .sort((a, b) => Number(Boolean(b.required)) - Number(Boolean(a.required)))
    .map((o) => ({ label: `${o.name}:`, hint: `${o.description}${o.required ? " (required)" : ""}`, text: `${before}${o.name}:` }));
}

function valuesOf(spec) {
  if (spec.choices && spec.choices.length) return spec.choices.map((c) => ({ value: c.value, label: c.name }));
  if (spec.type === 5) return [{ value: "True", label: "True" }, { value: "False", label: "False" }];
  if (spec.type === 6 || spec.type === 9) return page.people.map((p) => ({ value: p.name, label: `@${p.name}` }));
  return [];
}

function drawSuggestions() {
  const list = $("#suggestions");
  page.suggestions = suggestionsFor($("#command").value); // all, as Discord lists them (the list scrolls)
  list.hidden = page.suggestions.length === 0;
  list.replaceChildren(
    ...page.suggestions.map((s, i) => {
      const item = el("li", { role: "option", "aria-selected": String(i === Math.max(page.suggestion, 0)) });
      item.append(el("strong", {}, s.label), el("span", { class: "hint" }, s.hint || ""));
      item.addEventListener("mousedown", (event) => {
        event.preventDefault();
        choose(i);
      });
      return item;
    }),
  );
}

function choose(i) {
  const input = $("#command");
  input.value = page.suggestions[i].text;
  page.suggestion = -1;
  drawSuggestions();
  input.focus();
}

async function sendCommand() {
  const input = $("#command");
  const text = input.value.trim();
  if (!text) return;
  input.disabled = true;
  const answer = await post("/api/command", { channel: page.channels[page.me], text });
  input.disabled = false;
  if (!answer.error) input.value = "";
  drawSuggestions();
  input.focus();
}

function wireComposer() {
  const input = $("#command");
  input.addEventListener("input", () => {
    page.suggestion = -1;
    showError("");
    drawSuggestions();
  });
  input.addEventListener("focus", drawSuggestions);
  input.addEventListener("blur", () => ($("#suggestions").hidden = true));
  input.addEventListener("keydown", (event) => {
    const count = page.suggestions.length;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!count) return;
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : count - 1;
      page.suggestion = (Math.max(page.suggestion, 0) + (page.suggestion < 0 ? 0 : step)) % count;
      drawSuggestions();
    } else if (event.key === "Tab" && count) {
      event.preventDefault();
      choose(Math.max(page.suggestion, 0));
    } else if (event.key === "Enter") {
      event.preventDefault();
      if (page.suggestion >= 0 && count) choose(page.suggestion);
      else sendCommand();
    } else if (event.key === "Escape") {
      $("#suggestions").hidden = true;
    }
  });
  $("#composer").addEventListener("submit", (event) => event.preventDefault());
}

// -- small things ----------------------------------------------------------------------------------
function el(tag, attributes = {}, text = "") {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (text) node.textContent = text;
  return node;
}

function showError(text) {
  const box = $("#error");
  box.textContent = text;
  box.hidden = !text;
}

async function start() {
  page.people = await (await fetch("/api/people")).json();
  const wanted = decodeURIComponent(location.hash.slice(1));
  page.me = (page.people.find((p) => p.name === wanted) || page.people[0]).id;
  makePeople();
  wireComposer();
  await loadCommands();
  pollForever();
}

start();
