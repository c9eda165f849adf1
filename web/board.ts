// The boards of the web client (app.ts, orders.ts): the server's SVG picture
// (render/svg.cpp) drawn inline in a frame that the player zooms (wheel,
// pinch, the + and - buttons and keys) and pans (a drag, the arrow keys),
// fits whole or shows full screen. Zoom and pan change only the picture's
// viewBox, so the drawing stays sharp at every size. Hovering or tapping a
// cell or a counter shows its title, and a counter's values and details from
// the view, in a tooltip. It holds no rules: it shows what the view says.


export const SVG_NS = 'http://www.w3.org/2000/svg';
const kZoomStep = 1.25;  // a button press, a key press or a wheel notch
const kMostZoom = 6;     // CSS pixels an SVG unit, at most (or four times the fit)
const kDragSlop = 6;     // CSS pixels a press moves before it is a drag, not a click
const kKeyPan = 0.15;    // an arrow key moves the view by this share of the frame
const kTapTipMs = 5000;  // how long a tapped tooltip stays

// The server's picture, parsed for drawing inline: scripts and event
// attributes dropped (though the server writes none); each element's <title>
// kept as its data-tip, for the page's own tooltip (a title would also show
// the browser's, late and unreadably small on a phone: the root's role="img"
// and aria-label speak for the picture, the roster lists what is on it);
// ids made the frame's own, so that two copies of a picture on the page
// (the game's and the replay's) each find their own patterns and markers.
// Style attributes go through the CSSOM, which the page's content security
// policy allows.
function boardElement(svg: string, alt: string, prefix: string): SVGSVGElement | null {
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
  const root = doc.documentElement as unknown as SVGSVGElement;
  if (!root || root.namespaceURI !== SVG_NS || doc.querySelector('parsererror')) return null;
  for (const node of root.querySelectorAll('script, foreignObject')) node.remove();
  for (const title of [...root.querySelectorAll('title')]) {
    const owner = title.parentNode as Element;
    if (owner !== root && !owner.hasAttribute('data-tip')) owner.setAttribute('data-tip', title.textContent.trim());
    title.remove();
  }
  const ids = new Map();
  for (const node of root.querySelectorAll('[id]')) {
    ids.set(node.id, `${prefix}-${node.id}`);
    node.id = `${prefix}-${node.id}`;
  }
  const styled = [];
  for (const node of [root, ...root.querySelectorAll('*')]) {
    for (const a of [...node.attributes]) {
      const name = a.name.toLowerCase();
      if (name.startsWith('on')) {
        node.removeAttribute(a.name);
      } else if (name === 'style') {
        styled.push([node, a.value]);
        node.removeAttribute(a.name);
      } else if (ids.size && (name === 'href' || name === 'xlink:href') && ids.has(a.value.slice(1))) {
        a.value = `#${ids.get(a.value.slice(1))}`;
      } else if (ids.size && a.value.includes('url(#')) {
        a.value = a.value.replace(/url\(#([^)]+)\)/g, (m, id) => (ids.has(id) ? `url(#${ids.get(id)})` : m));
      }
    }
  }
  root.removeAttribute('width');
  root.removeAttribute('height');
  root.setAttribute('role', 'img');
  root.setAttribute('aria-label', alt);
  const copy = document.importNode(root, true) as SVGSVGElement;
  // The same walk over the copy meets the same elements in the same order.
  const copied = [copy, ...copy.querySelectorAll('*')];
  const originals = [root, ...root.querySelectorAll('*')];
  for (const [node, style] of styled) (copied[originals.indexOf(node)] as SVGElement).style.cssText = style;
  return copy;
}

// The view's token a counter draws: by its data-token (the label), else the
// tokens of its cell whose label begins with the counter's text, else the
// one at the counter's place among its cell's counters (drawn in the
// view's order).
// The board notes it on each counter when drawn (data-token-at: its index
// among its cell's tokens), so that redrawing a counter on top keeps it.
function counterToken(view, counter) {
  const cell = view && view.cells.find((c) => c.id === counter.dataset.cell);
  if (!cell || !cell.tokens.length) return null;
  if (counter.dataset.tokenAt !== undefined) return cell.tokens[Number(counter.dataset.tokenAt)] || null;
  if (counter.dataset.token !== undefined) return cell.tokens.find((t) => t.label === counter.dataset.token) || null;
  const text = counter.querySelector('text');
  const shown = text ? text.textContent.trim() : '';
  const named = cell.tokens.filter((t) => shown && (t.label || t.kind).startsWith(shown));
  if (named.length === 1) return named[0];
  const siblings = [...counter.ownerSVGElement.querySelectorAll('.counter')]
      .filter((c) => c.dataset.cell === counter.dataset.cell);
  return siblings.length === cell.tokens.length ? cell.tokens[siblings.indexOf(counter)] : named[0] || null;
}

// A counter drawing `token` in cell `cellId`, or null.
export function tokenCounter(svg, view, cellId, token) {
  return [...svg.querySelectorAll('.counter')]
      .find((c) => c.dataset.cell === cellId && counterToken(view, c) === token) || null;
}

// What the tooltip says of an element of the board: its title and, for a
// counter, what else the view tells of the piece.
function tipLines(view, target) {
  const lines = target.dataset.tip ? [target.dataset.tip] : [];
  if (target.classList.contains('counter')) {
    const t = counterToken(view, target);
    if (t) {
      if (!lines.length) lines.push(t.label || t.kind);
      const said = lines.join(' ');
      if (t.values && !said.includes(t.values)) lines.push(t.values);
      for (const d of t.details) if (!said.includes(d)) lines.push(d);
    }
  }
  return lines;
}

// The buttons of a board's frame, made into its .board-tools group.
const kTools = [
  {zoom: 'in', text: '+', label: 'Zoom in', title: 'Zoom in (+)'},
  {zoom: 'out', text: '\u2212', label: 'Zoom out', title: 'Zoom out (-)'},
  {zoom: 'fit', text: 'Fit', title: 'The whole board (0)'},
  {zoom: 'full', text: 'Full screen'},
];

// A frame showing one board at a time: a <figure> holding the frame
// (class "board"), the buttons (data-zoom="in", "out", "fit", "full", made
// here into its .board-tools group) and the tooltip. The view (where it looks and how close) is kept for the same
// key (a redraw of the same game) and set afresh for another.
export class BoardFrame {
  figure: HTMLElement;
  prefix: string;
  frame: HTMLElement;
  tip: HTMLDivElement;
  svg: SVGSVGElement | null;
  view: any;
  box: {x: number, y: number, w: number, h: number} | null;
  at: {cx: number, cy: number, scale: number} | null;
  key: string | null;
  seats: string[];
  width: number;
  pointers: Map<number, {x: number, y: number}>;
  press: {x: number, y: number, dragging: boolean} | null;
  swallowClick: boolean;
  tipTimer: ReturnType<typeof setTimeout> | null;
  anchor: Element | null;

  constructor(figure: HTMLElement, prefix: string) {
    this.figure = figure;
    this.prefix = prefix;
    this.frame = figure.querySelector('.board');
    this.tip = document.createElement('div');
    this.tip.className = 'board-tip';
    this.tip.setAttribute('role', 'tooltip');
    this.tip.hidden = true;
    figure.append(this.tip);
    this.svg = null;
    this.view = null;      // the View drawn, when the page has it
    this.box = null;       // the picture's own viewBox: {x, y, w, h}
    this.at = null;        // what the frame shows: {cx, cy, scale} (CSS pixels an SVG unit)
    this.key = null;
    this.seats = [];
    this.width = 0;
    this.pointers = new Map();  // pointer id -> {x, y}, while pressed on the board
    this.press = null;          // the press under way: {x, y, dragging}
    this.swallowClick = false;
    this.tipTimer = null;
    this.anchor = null;         // the element the tooltip tells of, when not the pointer's
    const tools = figure.querySelector('.board-tools');
    for (const t of kTools) {
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.zoom = t.zoom;
      b.textContent = t.text;
      if (t.label) b.setAttribute('aria-label', t.label);
      if (t.title) b.title = t.title;
      b.addEventListener('click', () => this.button(t.zoom));
      tools.append(b);
    }
    const f = this.frame;
    f.addEventListener('wheel', (e) => this.wheel(e), {passive: false});
    f.addEventListener('pointerdown', (e) => this.pointerDown(e));
    f.addEventListener('pointermove', (e) => this.pointerMove(e));
    f.addEventListener('pointerup', (e) => this.pointerUp(e));
    f.addEventListener('pointercancel', (e) => this.pointerUp(e));
    f.addEventListener('pointerleave', (e) => e.pointerType === 'mouse' && !this.anchor && this.hideTip());
    // A drag ends in a click on what it started on: that click is no order.
    f.addEventListener('click', (e) => {
      if (!this.swallowClick) return;
      this.swallowClick = false;
      e.stopImmediatePropagation();
      e.preventDefault();
    }, true);
    f.addEventListener('keydown', (e) => this.keyDown(e));
    document.addEventListener('fullscreenchange', () => this.fullChanged());
    window.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && this.figure.classList.contains('filling')) this.setFull(false);
    });
    new ResizeObserver(() => {
      if (this.frame.clientWidth !== this.width) this.layout();
    }).observe(this.frame);
    window.addEventListener('resize', () => this.layout());
    // A tooltip stays by what it tells of: one for the pointer goes when the
    // page scrolls, one for a piece (the roster's choice) follows it.
    window.addEventListener('scroll', () => (this.anchor ? this.placeAnchored() : this.hideTip()), {passive: true});
  }

  // Draws `svg` (or hides the frame when there is none). `key` names the
  // board (the game): the same key keeps the player's zoom and place.
  // `view` is the View drawn and `seats` the seats whose pieces the view
  // opens on.
  show(svg: string, {alt = '', key = null, view = null, seats = []}: {alt?: string, key?: string | null, view?: any, seats?: string[]}) {
    this.hideTip();
    this.frame.replaceChildren();
    this.svg = null;
    this.view = view;
    const root = svg ? boardElement(svg, alt, this.prefix) : null;
    this.figure.classList.toggle('no-board', !root);
    this.frame.hidden = !root;
    if (!root) return null;
    const vb = (root.getAttribute('viewBox') || '').trim().split(/[\s,]+/).map(Number);
    this.frame.append(root);
    this.svg = root;
    for (const c of root.querySelectorAll<SVGElement>('.counter')) {
      const t = counterToken(view, c);
      const cell = t && view.cells.find((x) => x.id === c.dataset.cell);
      if (t) c.dataset.tokenAt = String(cell.tokens.indexOf(t));
    }
    if (vb.length === 4 && vb.every(Number.isFinite) && vb[2] > 0 && vb[3] > 0) {
      this.box = {x: vb[0], y: vb[1], w: vb[2], h: vb[3]};
    } else {
      const b = root.getBBox();
      this.box = {x: b.x, y: b.y, w: Math.max(b.width, 1), h: Math.max(b.height, 1)};
    }
    root.setAttribute('preserveAspectRatio', 'xMidYMid meet');
    this.at = this.key === key ? this.at : null;
    this.key = key;
    this.seats = seats;
    this.layout();
    return root;
  }

  // The frame's size: the picture's shape at the frame's width, but on a
  // narrow screen tall enough to look around in, and never taller than
  // most of the window (or the whole screen, full screen).
  layout() {
    if (!this.svg) return;
    const f = this.frame;
    this.width = f.clientWidth;
    const w = this.width;
    let h;
    if (this.full()) {
      const caption = this.figure.querySelector('figcaption');
      h = window.innerHeight - f.getBoundingClientRect().top - (caption ? caption.offsetHeight : 0) - 4;
    } else {
      const fitted = (w * this.box.h) / this.box.w;
      const most = window.innerHeight * 0.8;
      h = this.box.w <= w ? fitted : Math.max(fitted, Math.min(this.box.h, window.innerHeight * 0.6));
      h = Math.min(h, most);
    }
    f.style.height = `${Math.max(Math.round(h), 120)}px`;
    // A frame not laid out yet (in a closed part of the page) opens the
    // board once it is.
    if (!w) return;
    if (!this.at) this.at = this.opening(this.seats);
    this.apply();
  }

  frameSize() {
    return {w: this.frame.clientWidth || 1, h: this.frame.clientHeight || 1};
  }

  fitScale() {
    const {w, h} = this.frameSize();
    return Math.min(w / this.box.w, h / this.box.h);
  }

  fitted() {
    return {cx: this.box.x + this.box.w / 2, cy: this.box.y + this.box.h / 2, scale: this.fitScale()};
  }

  // Where a board opens: fitted whole when it fits the frame, else at one
  // SVG unit a CSS pixel, where the pictures' texts are legible (their
  // sizes assume it), centred on the seats' pieces, or on the middle of
  // the board when the view shows none of them.
  opening(seats) {
    const {w, h} = this.frameSize();
    if (this.box.w <= w && this.box.h <= h) return this.fitted();
    const boxes = this.pieceBoxes(seats);
    if (!boxes.length) return {...this.fitted(), scale: 1};
    const x0 = Math.min(...boxes.map((b) => b.x)), x1 = Math.max(...boxes.map((b) => b.x + b.width));
    const y0 = Math.min(...boxes.map((b) => b.y)), y1 = Math.max(...boxes.map((b) => b.y + b.height));
    return {cx: (x0 + x1) / 2, cy: (y0 + y1) / 2, scale: 1};
  }

  // The boxes (in SVG units) of the counters of `seats`' pieces the view shows.
  pieceBoxes(seats) {
    if (!this.view || !seats.length) return [];
    const boxes = [];
    for (const cell of this.view.cells) {
      for (const t of cell.tokens) {
        if (!seats.includes(t.owner)) continue;
        const drawn = tokenCounter(this.svg, this.view, cell.id, t) ||
            [...this.svg.querySelectorAll<SVGGraphicsElement>('.cell')].find((c) => c.dataset.id === cell.id);
        if (drawn) boxes.push(drawn.getBBox());
      }
    }
    return boxes;
  }

  limits() {
    const fit = this.fitScale();
    return {least: Math.min(fit, 1), most: Math.max(kMostZoom, fit * 4)};
  }

  // Keeps the view inside the picture: no panning off its edges, and the
  // picture centred along a side the frame shows whole.
  clamp(at) {
    const {least, most} = this.limits();
    const scale = Math.min(Math.max(at.scale, least), most);
    const {w, h} = this.frameSize();
    const along = (c, start, size, seen) =>
      seen >= size ? start + size / 2 : Math.min(Math.max(c, start + seen / 2), start + size - seen / 2);
    return {
      cx: along(at.cx, this.box.x, this.box.w, w / scale),
      cy: along(at.cy, this.box.y, this.box.h, h / scale),
      scale,
    };
  }

  apply() {
    if (!this.svg || !this.at) return;
    this.at = this.clamp(this.at);
    const {w, h} = this.frameSize();
    const {cx, cy, scale} = this.at;
    const vw = w / scale, vh = h / scale;
    const r = (v) => Math.round(v * 100) / 100;
    this.svg.setAttribute('viewBox', `${r(cx - vw / 2)} ${r(cy - vh / 2)} ${r(vw)} ${r(vh)}`);
    const {least, most} = this.limits();
    const zoomIn = this.figure.querySelector<HTMLButtonElement>('[data-zoom=in]');
    const zoomOut = this.figure.querySelector<HTMLButtonElement>('[data-zoom=out]');
    if (zoomIn) zoomIn.disabled = scale >= most - 1e-9;
    if (zoomOut) zoomOut.disabled = scale <= least + 1e-9;
    if (this.anchor) this.placeAnchored();
  }

  // Zooms by `factor` keeping the point under (px, py) (frame pixels; the
  // frame's centre by default) where it is.
  zoom(factor: number, px?: number, py?: number) {
    if (!this.at) return;
    const {w, h} = this.frameSize();
    if (px === undefined) [px, py] = [w / 2, h / 2];
    const {cx, cy, scale} = this.at;
    const ux = cx + (px - w / 2) / scale, uy = cy + (py - h / 2) / scale;
    const {least, most} = this.limits();
    const next = Math.min(Math.max(scale * factor, least), most);
    this.at = {cx: ux - (px - w / 2) / next, cy: uy - (py - h / 2) / next, scale: next};
    this.apply();
  }

  // Moves the view by (dx, dy) frame pixels: the picture follows the pointer.
  pan(dx, dy) {
    if (!this.at) return;
    this.at = {...this.at, cx: this.at.cx - dx / this.at.scale, cy: this.at.cy - dy / this.at.scale};
    this.apply();
  }

  // Brings an element of the picture to the frame's centre, at the zoom shown.
  centreOn(element) {
    if (!this.at) return;
    const b = element.getBBox();
    this.at = {...this.at, cx: b.x + b.width / 2, cy: b.y + b.height / 2};
    this.apply();
  }

  button(what) {
    if (!this.svg) return;
    if (what === 'in') this.zoom(kZoomStep);
    else if (what === 'out') this.zoom(1 / kZoomStep);
    else if (what === 'fit') {
      this.at = this.fitted();
      this.apply();
    } else if (what === 'full') this.setFull(!this.full());
  }

  // ---------------------------------------------------------------- full screen

  full() {
    return document.fullscreenElement === this.figure || this.figure.classList.contains('filling');
  }

  // The Fullscreen API where the browser grants it, else the frame fills
  // the window (Escape or the button leaves either).
  async setFull(on) {
    if (on) {
      try {
        if (!this.figure.requestFullscreen) throw new Error('no Fullscreen API');
        await this.figure.requestFullscreen();
      } catch (err) {
        this.figure.classList.add('filling');
        this.fullChanged();
      }
    } else if (document.fullscreenElement === this.figure) {
      await document.exitFullscreen();
    } else {
      this.figure.classList.remove('filling');
      this.fullChanged();
    }
  }

  fullChanged() {
    const b = this.figure.querySelector('[data-zoom=full]');
    const on = this.full();
    if (b) {
      b.setAttribute('aria-pressed', String(on));
      b.textContent = on ? 'Leave full screen' : 'Full screen';
    }
    this.layout();
  }

  // ---------------------------------------------------------------- pointer and keys

  wheel(e) {
    if (!this.svg) return;
    e.preventDefault();
    const r = this.frame.getBoundingClientRect();
    // A notch of a mouse wheel is a step; a touchpad's small deltas are parts of one.
    const steps = Math.max(-3, Math.min(3, -e.deltaY / (e.deltaMode === 1 ? 3 : 100)));
    this.zoom(Math.pow(kZoomStep, steps), e.clientX - r.left - this.frame.clientLeft, e.clientY - r.top - this.frame.clientTop);
  }

  pointerDown(e) {
    if (!this.svg || (e.pointerType === 'mouse' && e.button !== 0)) return;
    this.swallowClick = false;
    this.anchor = null;
    this.pointers.set(e.pointerId, {x: e.clientX, y: e.clientY});
    if (this.pointers.size === 1) this.press = {x: e.clientX, y: e.clientY, dragging: false};
    else if (this.press) this.press.dragging = true;  // a second finger: a pinch, never a tap
  }

  pointerMove(e) {
    if (e.pointerType === 'mouse' && !this.pointers.size) this.hoverTip(e);
    const last = this.pointers.get(e.pointerId);
    if (!last || !this.press) return;
    if (!this.press.dragging) {
      if (Math.hypot(e.clientX - this.press.x, e.clientY - this.press.y) < kDragSlop) return;
      this.press.dragging = true;
      this.hideTip();
      this.frame.setPointerCapture(e.pointerId);
      this.frame.classList.add('dragging');
    }
    const now = {x: e.clientX, y: e.clientY};
    if (this.pointers.size === 2) {
      // A pinch: zoom by the change of the fingers' distance about their
      // midpoint, and pan by the midpoint's move.
      const other = [...this.pointers.entries()].find(([id]) => id !== e.pointerId)[1];
      const before = Math.hypot(last.x - other.x, last.y - other.y);
      const after = Math.hypot(now.x - other.x, now.y - other.y);
      const r = this.frame.getBoundingClientRect();
      const mid = {x: (now.x + other.x) / 2 - r.left, y: (now.y + other.y) / 2 - r.top};
      this.pan((now.x - last.x) / 2, (now.y - last.y) / 2);
      if (before > 0) this.zoom(after / before, mid.x, mid.y);
    } else {
      this.pan(now.x - last.x, now.y - last.y);
    }
    this.pointers.set(e.pointerId, now);
  }

  pointerUp(e) {
    if (!this.pointers.has(e.pointerId)) return;
    this.pointers.delete(e.pointerId);
    if (this.pointers.size > 0) return;
    const press = this.press;
    this.press = null;
    this.frame.classList.remove('dragging');
    if (press && press.dragging) {
      this.swallowClick = e.type === 'pointerup';
      setTimeout(() => (this.swallowClick = false), 0);
    } else if (press && e.type === 'pointerup' && e.pointerType !== 'mouse') {
      this.tapTip(e);
    }
  }

  keyDown(e) {
    if (!this.svg || e.target !== this.frame || e.altKey || e.ctrlKey || e.metaKey) return;
    const {w, h} = this.frameSize();
    const moves = {ArrowLeft: [1, 0], ArrowRight: [-1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1]};
    if (moves[e.key]) this.pan(moves[e.key][0] * w * kKeyPan, moves[e.key][1] * h * kKeyPan);
    else if (e.key === '+' || e.key === '=') this.zoom(kZoomStep);
    else if (e.key === '-' || e.key === '_') this.zoom(1 / kZoomStep);
    else if (e.key === '0') this.button('fit');
    else return;
    e.preventDefault();
  }

  // ---------------------------------------------------------------- the tooltip

  tipTarget(node) {
    return node && node.closest ? node.closest('.counter, [data-tip]') : null;
  }

  // Shows what the tooltip says of `target` near (x, y) (client pixels).
  showTip(target, x, y) {
    const lines = target ? tipLines(this.view, target) : [];
    if (!lines.length) {
      this.hideTip();
      return;
    }
    const tip = this.tip;
    tip.replaceChildren(...lines.map((l, i) => {
      const line = document.createElement(i ? 'span' : 'strong');
      line.textContent = l;
      return line;
    }));
    tip.hidden = false;
    // Beside the pointer, inside the window.
    const gap = 14;
    const w = tip.offsetWidth, h = tip.offsetHeight;
    let left = x + gap, top = y + gap;
    if (left + w > window.innerWidth - 4) left = Math.max(4, x - gap - w);
    if (top + h > window.innerHeight - 4) top = Math.max(4, y - gap - h);
    tip.style.left = `${Math.round(left)}px`;
    tip.style.top = `${Math.round(top)}px`;
  }

  hoverTip(e) {
    this.anchor = null;
    const target = this.tipTarget(e.target);
    if (target) this.showTip(target, e.clientX, e.clientY);
    else this.hideTip();
  }

  tapTip(e) {
    this.anchor = null;
    const target = this.tipTarget(document.elementFromPoint(e.clientX, e.clientY));
    this.showTip(target, e.clientX, e.clientY);
    clearTimeout(this.tipTimer);
    this.tipTimer = setTimeout(() => this.hideTip(), kTapTipMs);
  }

  // The tooltip of an element of the picture, beside it while it is in the
  // frame (a roster's choice), until the pointer shows another.
  tipAt(element) {
    this.hideTip();
    this.anchor = element;
    this.placeAnchored();
  }

  placeAnchored() {
    const a = this.anchor;
    if (!a || !a.isConnected) {
      this.hideTip();
      return;
    }
    const r = a.getBoundingClientRect(), f = this.frame.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const seen = x > f.left && x < f.right && y > f.top && y < f.bottom && y > 0 && y < window.innerHeight;
    if (seen) this.showTip(a, r.right, y);
    else this.tip.hidden = true;
  }

  hideTip() {
    clearTimeout(this.tipTimer);
    this.anchor = null;
    this.tip.hidden = true;
  }
}
