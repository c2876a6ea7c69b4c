// <dlx-lab>: one element for documentation pages. Load this file as a module from wherever the
// app's dist/ is hosted, then write <dlx-lab preset="four-reasons"></dlx-lab>:
//
//   <script type="module" src="https://docs.example/playground/dlx-lab.js"></script>
//   <dlx-lab preset="four-reasons" speed="10" autoplay></dlx-lab>
//
// Attributes: preset (a playground preset) or compare (a built-in workload) or scenario (JSON
// text, or the URL of a scenario file on the same site); t (ms), autoplay, loop, speed, lang
// (en, ko, zh-CN; default: the page's lang), theme (auto, light, dark), height (px; without it
// the element follows the embed's own height). Changing an attribute updates the embed.
// Nothing is fetched until the element comes within about a screen of the viewport.
// Events (bubbling, detail = the embed's message): dlx-lab:ready, dlx-lab:time,
// dlx-lab:dead-lettered, dlx-lab:error. Methods, each a promise of the embed's answer:
// play(), pause(), seek(ms), step(direction), select(message).
// No dependencies; no inline style (a constructed style sheet), so a strict policy allows it.

const base = new URL(import.meta.url.replace(/\/public\/dlx-lab\.js(\?.*)?$/, '/dlx-lab.js'));
const here = (file) => new URL(file, base).href;
const ATTRS = ['preset', 'compare', 'scenario', 't', 'autoplay', 'loop', 'speed', 'lang', 'theme', 'height'];
const EVENTS = { ready: 'ready', time: 'time', deadLettered: 'dead-lettered', error: 'error' };
const WORDS = {
  en: { loading: 'DLX Lab', bad: (a, v, want) => `The ${a} attribute "${v}" ${want}.`, number: 'must be a number of milliseconds', speed: 'must be a playing speed above 0', lang: 'must be en, ko or zh-CN', theme: 'must be auto, light or dark', height: 'must be a height in pixels', source: 'Give the element a preset, a compare or a scenario attribute.', fetch: (u, s) => `The scenario at ${u} could not be fetched (${s}).`, json: 'The scenario attribute is not JSON, nor the URL of a scenario file.' },
  ko: { loading: 'DLX Lab', bad: (a, v, want) => `${a} 속성 값 "${v}"이(가) 잘못되었습니다: ${want}.`, number: '밀리초 단위의 숫자여야 합니다', speed: '0보다 큰 재생 속도여야 합니다', lang: 'en, ko, zh-CN 중 하나여야 합니다', theme: 'auto, light, dark 중 하나여야 합니다', height: '픽셀 단위의 높이여야 합니다', source: 'preset, compare, scenario 속성 중 하나를 지정하세요.', fetch: (u, s) => `${u}의 시나리오를 가져오지 못했습니다(${s}).`, json: 'scenario 속성이 JSON도, 시나리오 파일의 URL도 아닙니다.' },
  'zh-CN': { loading: 'DLX Lab', bad: (a, v, want) => `${a} 属性的值“${v}”无效：${want}。`, number: '必须是以毫秒为单位的数字', speed: '必须是大于 0 的播放速度', lang: '必须是 en、ko 或 zh-CN', theme: '必须是 auto、light 或 dark', height: '必须是以像素为单位的高度', source: '请为元素指定 preset、compare 或 scenario 属性。', fetch: (u, s) => `无法获取 ${u} 的场景（${s}）。`, json: 'scenario 属性既不是 JSON，也不是场景文件的 URL。' },
};

const sheet = new CSSStyleSheet();
sheet.replaceSync(`
  :host { display: block; position: relative; min-height: 120px; }
  :host([hidden]) { display: none; }
  iframe { display: block; width: 100%; border: 0; border-radius: 8px; }
  .placeholder { box-sizing: border-box; display: flex; align-items: center; justify-content: center;
    height: 100%; min-height: inherit; border: 1px solid #d0d5dc; border-radius: 8px; background: #f6f7f9;
    color: #3b4450; font: 600 16px/1.4 system-ui, sans-serif; }
  .error { box-sizing: border-box; padding: 12px 16px; border: 1px solid #d55e00; border-radius: 8px;
    background: #fff4ec; color: #5c2600; font: 14px/1.5 system-ui, sans-serif; }
  @media (prefers-color-scheme: dark) {
    .placeholder { background: #1d232b; border-color: #39424e; color: #d5dbe3; }
    .error { background: #33200f; color: #ffd9bf; }
  }`);

const langOf = (v) => {
  const t = String(v || '').trim().toLowerCase().split(/[-_]/)[0];
  return t === 'ko' ? 'ko' : t === 'zh' ? 'zh-CN' : t === 'en' ? 'en' : null;
};

class DlxLab extends HTMLElement {
  static observedAttributes = ATTRS;

  constructor() {
    super();
    this.root = this.attachShadow({ mode: 'open' });
    this.root.adoptedStyleSheets = [sheet];
    this.frame = null;
    this.waiting = new Map();
    this.nextId = 1;
    this.readyFor = null;
    this.onMessage = (e) => this.#message(e);
  }

  connectedCallback() {
    window.addEventListener('message', this.onMessage);
    this.#placeholder();
    this.observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        this.observer.disconnect();
        this.active = true;
        this.#build();
      }
    }, { rootMargin: '100% 0px' });
    this.observer.observe(this);
  }

  disconnectedCallback() {
    window.removeEventListener('message', this.onMessage);
    this.observer?.disconnect();
    for (const [, w] of this.waiting) w.reject(new Error('the element was removed'));
    this.waiting.clear();
  }

  attributeChangedCallback(name, old, value) {
    if (old === value || !this.isConnected) return;
    // Not yet scrolled near: only the placeholder changes.
    if (!this.active) return this.#placeholder();
    // What the embed can change in place, it does; anything else builds it again.
    if (this.readyFor && this.getAttribute('compare') === null && !this.#problem()) {
      const t = Number(this.getAttribute('t') || 0);
      if (name === 't') return void this.seek(t).catch(() => {});
      if (name === 'autoplay') return void (value === null ? this.pause() : this.play()).catch(() => {});
      if (name === 'preset' && value !== null && this.getAttribute('scenario') === null) {
        return void this.#send({ type: 'load', preset: value, t, autoplay: this.hasAttribute('autoplay') })
          .catch((err) => this.#fail(err.message, err.detail || {}));
      }
    }
    if (name === 'height' && this.frame) return this.#size(this.lastHeight);
    this.#build();
  }

  // The language shown: the element's lang attribute, else the page's, else English. Vue and
  // React set `lang` as a property: it writes the attribute.
  get lang() { return langOf(this.getAttribute('lang')) || langOf(document.documentElement.lang) || 'en'; }
  set lang(value) {
    if (value === null || value === undefined || value === '') this.removeAttribute('lang');
    else this.setAttribute('lang', String(value));
  }

  play() { return this.#send({ type: 'play' }); }
  pause() { return this.#send({ type: 'pause' }); }
  seek(ms) { return this.#send({ type: 'seek', t: Number(ms) }); }
  step(direction = 'forward') { return this.#send({ type: 'step', direction }); }
  select(message) { return this.#send({ type: 'select', message: message ?? null }); }

  #words() { return WORDS[this.lang] || WORDS.en; }

  #placeholder() {
    const box = document.createElement('div');
    box.className = 'placeholder';
    box.textContent = this.getAttribute('preset') || this.getAttribute('compare') || this.#words().loading;
    this.#fixedHeight(box);
    this.root.replaceChildren(box);
  }

  #fixedHeight(el) {
    const h = Number(this.getAttribute('height'));
    el.style.height = `${Number.isFinite(h) && h > 0 ? h : 420}px`;
  }

  // What is wrong with the attributes, in the page's language, or null.
  #problem() {
    const w = this.#words();
    const a = (n) => this.getAttribute(n);
    if (a('t') !== null && !(Number(a('t')) >= 0)) return w.bad('t', a('t'), w.number);
    if (a('speed') !== null && !(Number(a('speed')) > 0)) return w.bad('speed', a('speed'), w.speed);
    if (a('lang') !== null && !langOf(a('lang'))) return w.bad('lang', a('lang'), w.lang);
    if (a('theme') !== null && !['auto', 'light', 'dark'].includes(a('theme'))) return w.bad('theme', a('theme'), w.theme);
    if (a('height') !== null && !(Number(a('height')) > 0)) return w.bad('height', a('height'), w.height);
    if (a('preset') === null && a('compare') === null && a('scenario') === null) return w.source;
    return null;
  }

  #fail(message, detail = {}) {
    const box = document.createElement('div');
    box.className = 'error';
    box.setAttribute('role', 'alert');
    box.textContent = message;
    this.root.replaceChildren(box);
    this.frame = null;
    this.readyFor = null;
    this.dispatchEvent(new CustomEvent('dlx-lab:error', { bubbles: true, composed: true, detail: { message, ...detail } }));
  }

  async #build() {
    const problem = this.#problem();
    if (problem) return this.#fail(problem);
    const a = (n) => this.getAttribute(n);
    const q = new URLSearchParams();
    let page = 'embed.html';
    let scenario = null;
    if (a('compare') !== null) {
      page = 'compare.html';
      q.set('compare', a('compare'));
    } else if (a('preset') !== null) {
      q.set('s', a('preset'));
    } else {
      scenario = await this.#scenario(a('scenario'));
      if (scenario === undefined) return;
    }
    q.set('embed', '1');
    if (a('t') !== null) q.set('t', String(Number(a('t'))));
    if (this.hasAttribute('autoplay') && scenario === null) q.set('autoplay', '1');
    if (this.hasAttribute('loop')) q.set('loop', '1');
    if (a('speed') !== null) q.set('speed', String(Number(a('speed'))));
    if (a('theme') !== null && a('theme') !== 'auto') q.set('theme', a('theme'));
    q.set('lang', this.lang);
    const frame = document.createElement('iframe');
    frame.title = `DLX Lab: ${a('preset') || a('compare') || 'scenario'}`;
    frame.allow = 'clipboard-write';
    frame.src = `${here(page)}?${q}`;
    this.#fixedHeight(frame);
    this.frame = frame;
    this.readyFor = null;
    this.pendingScenario = scenario;
    this.root.replaceChildren(frame);
  }

  // The scenario attribute's JSON: the text itself, or a file fetched from the same site;
  // undefined (after showing why) when neither.
  async #scenario(value) {
    const text = value.trim();
    if (text.startsWith('{')) {
      try { return JSON.parse(text); } catch { this.#fail(this.#words().json); return undefined; }
    }
    let url;
    try { url = new URL(text, document.baseURI); } catch { this.#fail(this.#words().json); return undefined; }
    try {
      const res = await fetch(url, { credentials: 'same-origin' });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return await res.json();
    } catch (e) {
      this.#fail(this.#words().fetch(url.href, e.message));
      return undefined;
    }
  }

  #size(height) {
    if (!this.frame) return;
    this.lastHeight = height;
    if (this.getAttribute('height') !== null) return this.#fixedHeight(this.frame);
    if (Number.isFinite(height) && height > 0) this.frame.style.height = `${Math.ceil(height)}px`;
  }

  #send(command) {
    if (this.getAttribute('compare') !== null) {
      return Promise.reject(new Error('a comparison embed takes no commands; it shows the whole run'));
    }
    if (!this.frame?.contentWindow || !this.readyFor) {
      return Promise.reject(new Error('the embed is not ready yet (wait for dlx-lab:ready)'));
    }
    const id = `dlx-lab-${this.nextId++}`;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.frame.contentWindow.postMessage({ dlxLab: 1, id, ...command }, '*');
    });
  }

  #message(e) {
    if (!this.frame || e.source !== this.frame.contentWindow) return;
    const m = e.data;
    if (!m || typeof m !== 'object' || m.dlxLab !== 1) return;
    if (m.id !== undefined && m.id !== null && this.waiting.has(m.id)) {
      const w = this.waiting.get(m.id);
      this.waiting.delete(m.id);
      if (m.type === 'error') w.reject(Object.assign(new Error(m.message), { detail: m }));
      else w.resolve(m);
    }
    if (m.type === 'size') return this.#size(m.height);
    if (m.type === 'ready' && this.pendingScenario) {
      // A scenario of the page's own goes in once the embed is up; its own ready follows.
      const scenario = this.pendingScenario;
      this.pendingScenario = null;
      this.readyFor = this.frame;
      this.#send({ type: 'load', scenario, t: Number(this.getAttribute('t') || 0), autoplay: this.hasAttribute('autoplay') })
        .then((answer) => this.dispatchEvent(new CustomEvent('dlx-lab:ready', { bubbles: true, composed: true, detail: answer })))
        .catch((err) => this.#fail(err.message, err.detail || {}));
      return;
    }
    if (m.type === 'ready') this.readyFor = this.frame;
    const name = EVENTS[m.type];
    if (name) this.dispatchEvent(new CustomEvent(`dlx-lab:${name}`, { bubbles: true, composed: true, detail: m }));
  }
}

if (!customElements.get('dlx-lab')) customElements.define('dlx-lab', DlxLab);
