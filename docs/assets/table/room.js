// The Table page's room: a widget whose every view the room server renders.
//
// It only connects (a WebSocket to the server that served the page, or to the address in
// the frame's data-server), forwards the reader's actions (the JSON a button or form of
// the view carries, as on every widget: controls.js) and swaps in the views that arrive
// (only the nodes that changed, keeping the focus: morph.js, as the widgets' runtime does).
// The server decides everything; nothing typed or read from the address is inserted as
// HTML here.
//
// - The seat token (and the host's token) the server hands a device are kept in local
//   storage, per room, and sent again after a reload or a lost connection: the seat is
//   the player's again, and the host's own view (with "every hand", if chosen) the host's. Without storage (a private window) the seat lasts as long as the
//   page.
// - A lost connection is opened again by itself, with growing pauses (0.5 s to 8 s), at
//   once when the page comes back into view or the network returns; a connection that
//   has heard nothing, not even the server's heartbeat, for 40 s is given up and opened
//   again.
// - A page a room server sent carries its mark (the cookie mp-table, rooms/server.py); a page
//   without it (the site on a plain host) opens no WebSocket at all, so the console stays
//   clean, and keeps its first body, which says how to start a server. If a marked page's
//   server does not answer (stopped), the same body stays and the status line only clears
//   its "connecting": the body says it once, the page does not say it twice.
// - The room's code goes into the address (?room=CODE), so that a reload, the language
//   links and a shared address open the same room.
// - A view comes as its parts (rooms/views.py): each part's text, or the index of the same
//   part in the view before; the first view of a socket is whole. A view whose part the page
//   does not have closes the socket, and the new one starts with a whole view.
// - A refused card is answered by what to put into the view shown (a "refused" message:
//   views.apply_refusal does the same): the card's item in the hand marked refused, the note
//   that says why just after the card table, and the words said. The parts kept stay those of
//   the view as sent, so the next view (sent against them) clears it, and a second refusal
//   replaces the first.
// - A club night's phone (a seat at an evening's table, data-evening, or the evening's player
//   view): the page's prose steps aside (widgets.css, html.mp-evening-phone), and a phone
//   sent to its table starts at the page's top, its own hand in the first screenful.
// Written in the syntax of 2017-2018 browsers, as runtime.js is.

import { swapView } from "../widgets/morph.js";
import { rooted, say, wireActions } from "../widgets/controls.js";

const TEXT = {
  fi: {
    connecting: "Yhdistetään pöytäpalvelimeen…",
    lost: "Yhteys pöytäpalvelimeen katkesi. Yhdistetään uudelleen…",
    back: "Yhteys palasi.",
    big: "Tiedosto on liian suuri pelikirjaukseksi.",
    unread: "Tiedostoa ei voitu lukea.",
  },
  en: {
    connecting: "Connecting to the table server…",
    lost: "The connection to the table server was lost. Reconnecting…",
    back: "Connected again.",
    big: "The file is too large for a game record.",
    unread: "The file could not be read.",
  },
  ru: {
    connecting: "Подключение к серверу стола…",
    lost: "Связь с сервером стола потеряна. Подключаемся снова…",
    back: "Связь восстановлена.",
    big: "Файл слишком велик для записи игры.",
    unread: "Файл не удалось прочитать.",
  },
};

const STORE = "marjapussi-rooms";
const SILENT_MS = 40000;
const FIRST_PAUSE_MS = 500;
const LONGEST_PAUSE_MS = 8000;
const GIVE_UP_TRIES = 3;

function words(root, key) {
  const lang = TEXT[root.getAttribute("data-lang")] ? root.getAttribute("data-lang") : "en";
  return TEXT[lang][key];
}

// --- what the device keeps: per room, its seat token and host token -----------------

function kept() {
  try {
    const data = JSON.parse(window.localStorage.getItem(STORE) || "{}");
    return data && typeof data === "object" && !Array.isArray(data) ? data : {};
  } catch (error) {
    return {};
  }
}

const memory = { rooms: {} };

function keptRoom(code) {
  const data = kept();
  const stored = data.rooms && typeof data.rooms === "object" ? data.rooms[code] : null;
  return Object.assign({}, stored && typeof stored === "object" ? stored : {}, memory.rooms[code] || {});
}

function keep(code, change) {
  const data = kept();
  if (!data.rooms || typeof data.rooms !== "object") data.rooms = {};
  const room = keptRoom(code);
  Object.keys(change).forEach((key) => {
    if (change[key] === null) delete room[key];
    else room[key] = change[key];
  });
  data.rooms[code] = room;
  memory.rooms[code] = room;
  try {
    window.localStorage.setItem(STORE, JSON.stringify(data));
  } catch (error) {
    // no storage (a private window): kept for this page only
  }
}

// --- the room in the address ----------------------------------------------------------

function roomInAddress() {
  try {
    const code = new URLSearchParams(location.search).get("room");
    return code && /^[0-9A-Za-z-]{1,12}$/.test(code) ? code : null;
  } catch (error) {
    return null;
  }
}

function setRoomInAddress(code) {
  const url = new URL(location.href);
  if (code) url.searchParams.set("room", code);
  else url.searchParams.delete("room");
  if (url.href !== location.href) history.replaceState(history.state, "", url.href);
  // The site's language links open the same room in another language.
  document.querySelectorAll("a[hreflang]").forEach((link) => {
    try {
      const target = new URL(link.href, location.href);
      if (target.origin !== location.origin) return;
      if (code) target.searchParams.set("room", code);
      else target.searchParams.delete("room");
      link.href = target.href;
    } catch (error) {
      // not an address: left as it is
    }
  });
}

// --- a record file opened by the host: its text goes into the form's text box -------------

function load(root, input) {
  if (!input.matches || !input.matches("input[type=file][data-mp-load]")) return;
  const form = input.closest("form");
  const name = input.getAttribute("data-mp-load");
  const target = form ? form.querySelector("textarea[data-action-field]") : null;
  const file = input.files && input.files[0];
  if (!file || !target || target.getAttribute("data-action-field") !== name) return;
  if (file.size > Number(input.getAttribute("data-mp-max") || 0)) {
    say(root, words(root, "big"), true);
    return;
  }
  const reader = new FileReader();
  reader.onload = () => {
    target.value = typeof reader.result === "string" ? reader.result : "";
  };
  reader.onerror = () => say(root, words(root, "unread"), true);
  reader.readAsText(file);
}

// --- one room widget ------------------------------------------------------------------

function socketAddress(root) {
  const server = root.getAttribute("data-server") || "";
  const base = /^https?:\/\/[^\s"']+$/.test(server) ? new URL(server) : new URL(location.href);
  const scheme = base.protocol === "https:" ? "wss:" : "ws:";
  return scheme + "//" + base.host + "/rooms/ws";
}

// A room server is expected: it sent this page (its mark), or the frame names one (--dev).
function serverExpected(root) {
  if (root.getAttribute("data-server")) return true;
  return /(?:^|;\s*)mp-table=1(?:;|$)/.test(document.cookie || "");
}

function start(root) {
  const body = root.querySelector(".mp-widget-body");
  if (!body || !window.WebSocket) return;
  if (!serverExpected(root)) {
    root.setAttribute("data-connection", "none");
    return;
  }
  const asked = new URLSearchParams(location.search).get("view");
  const projector = asked === "projector";
  // The club night's page (or ?view=evening): the server's form that starts a club night,
  // while no room is open.
  const evening = asked === "evening" || root.getAttribute("data-evening") === "1";
  // The projector's view fills the screen: the page around the room steps aside (widgets.css).
  if (projector) document.documentElement.classList.add("mp-projector");
  let socket = null;
  let room = roomInAddress();
  let opened = false;
  let tries = 0;
  let timer = null;
  let watchdog = null;

  let control = null; // the control of the reader's last action: its answer keeps it in place
  let atTable = false; // the view shown is a seat at a club night's table
  let parts = []; // the parts of the view shown (the next view names those it keeps by index)

  // The view a message carries, from its parts and the view before (null: a part is missing).
  function viewOf(message) {
    if (!Array.isArray(message.parts)) return typeof message.html === "string" ? message.html : "";
    const next = [];
    for (let i = 0; i < message.parts.length; i += 1) {
      const part = message.parts[i];
      if (typeof part === "string") next.push(part);
      else if (Number.isInteger(part) && part >= 0 && part < parts.length) next.push(parts[part]);
      else return null;
    }
    parts = next;
    return next.join("");
  }

  // The view shown with a refusal put in (as views.apply_refusal puts it): the first list item
  // that draws the card (the hand's) marked refused, the note after the card table.
  function refusedView(message) {
    const next = parts.slice();
    const card = typeof message.card === "string" && /^[A-Z0-9]{2,3}$/.test(message.card) ? message.card : "";
    if (card) {
      const key = 'data-card="' + card + '"';
      for (let i = 0; i < next.length; i += 1) {
        if (next[i].indexOf("<li") === 0 && next[i].indexOf(key) >= 0) {
          next[i] = '<li class="mp-refused">' + next[i].slice(next[i].indexOf(">") + 1);
          break;
        }
      }
    }
    const start = next.indexOf('<div class="mp-play-table">');
    if (typeof message.note === "string" && message.note && start >= 0) {
      let depth = 0;
      for (let i = start; i < next.length; i += 1) {
        depth += next[i].split("<div").length - next[i].split("</div>").length;
        if (depth === 0) {
          next.splice(i + 1, 0, message.note);
          break;
        }
      }
    }
    return next.join("");
  }

  // A club night's phone: the evening's screens alone; sent to its table, the table at the top.
  function eveningPhone() {
    const view = body.querySelector(".mp-room-view");
    const role = view ? view.getAttribute("data-role") : "";
    const seated = !!view && role === "seat" && view.getAttribute("data-evening") === "1";
    document.documentElement.classList.toggle("mp-evening-phone", seated || role === "evening-player");
    if (seated && !atTable) window.scrollTo(0, 0);
    atTable = seated;
  }

  function transmit(message) {
    if (socket && socket.readyState === 1) socket.send(JSON.stringify(message));
  }

  // A reader's action, from a control of the view.
  function send(action, used) {
    control = used || null;
    transmit(action);
  }

  function hello() {
    const mine = room ? keptRoom(room) : {};
    transmit({
      type: "hello",
      lang: root.getAttribute("data-lang") || "en",
      room: room || "",
      token: mine.token || "",
      host: mine.host || "",
      view: projector ? "projector" : evening && !room ? "evening" : "",
      teach: mine.teach === true,
      hands: mine.hands === true,
    });
  }

  function listen() {
    clearTimeout(watchdog);
    watchdog = setTimeout(() => {
      if (socket) socket.close();
    }, SILENT_MS);
  }

  function receive(message) {
    if (!message || typeof message !== "object") return;
    if (message.type === "ping") {
      transmit({ type: "pong" });
    } else if (message.type === "keep" && typeof message.room === "string") {
      const change = {};
      if ("seat" in message) change.seat = message.seat;
      if ("token" in message) change.token = message.token;
      if ("host" in message) change.host = message.host;
      // The host's own view and a seated host's "every hand": they come back after a reload.
      if ("teach" in message) change.teach = message.teach === true;
      if ("hands" in message) change.hands = message.hands === true;
      keep(message.room, change);
    } else if (message.type === "refused") {
      if (parts.length) {
        swapView(root, body, rooted(root, refusedView(message)), true, control);
        control = null;
      }
      say(root, message.announce, false, false);
      const detail = { ok: false, announce: typeof message.announce === "string" ? message.announce : "" };
      root.dispatchEvent(new CustomEvent("mp:update", { bubbles: true, detail: detail }));
    } else if (message.type === "view") {
      const html = viewOf(message);
      if (html === null) {
        if (socket) socket.close(); // a whole view comes with the next socket
        return;
      }
      if (html !== "") {
        swapView(root, body, rooted(root, html), true, control);
        control = null;
        root.setAttribute("data-state", "live");
        eveningPhone();
      }
      if ("room" in message) {
        const before = room;
        room = typeof message.room === "string" ? message.room : null;
        setRoomInAddress(room);
        // Joined a room by its code where this device holds a seat: say so, and sit down again.
        const mine = room && room !== before ? keptRoom(room) : {};
        if (mine.token || mine.host) hello();
      }
      say(root, message.announce, false, !!message.ok && html !== "");
      const detail = { ok: !!message.ok, announce: typeof message.announce === "string" ? message.announce : "" };
      root.dispatchEvent(new CustomEvent("mp:update", { bubbles: true, detail: detail }));
    }
  }

  function connect() {
    clearTimeout(timer);
    if (socket) return;
    if (!opened && tries === 0) say(root, words(root, "connecting"), true);
    try {
      socket = new WebSocket(socketAddress(root));
    } catch (error) {
      socket = null;
      lost();
      return;
    }
    socket.onopen = () => {
      parts = [];
      if (opened && tries > 0) say(root, words(root, "back"), true);
      else say(root, "", true);
      opened = true;
      tries = 0;
      root.setAttribute("data-connection", "open");
      listen();
      hello();
    };
    socket.onmessage = (event) => {
      listen();
      let message = null;
      try {
        message = JSON.parse(event.data);
      } catch (error) {
        return;
      }
      receive(message);
    };
    socket.onclose = () => {
      socket = null;
      clearTimeout(watchdog);
      lost();
    };
  }

  function lost() {
    tries += 1;
    root.setAttribute("data-connection", opened ? "lost" : "none");
    if (!opened) {
      // No server answers here: the first body says so and how to start one.
      say(root, "", true);
      if (tries >= GIVE_UP_TRIES) return;
    } else {
      say(root, words(root, "lost"), true);
    }
    const pause = Math.min(LONGEST_PAUSE_MS, FIRST_PAUSE_MS * Math.pow(2, tries - 1));
    timer = setTimeout(connect, pause * (0.75 + Math.random() / 2));
  }

  function again() {
    if (!socket && opened && document.visibilityState !== "hidden") {
      tries = 0;
      connect();
    }
  }

  wireActions(root, send);
  root.addEventListener("change", (event) => load(root, event.target));
  document.addEventListener("visibilitychange", again);
  window.addEventListener("online", again);
  connect();
}

function init() {
  document.querySelectorAll(".mp-room[data-room]").forEach(start);
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
else init();
