// Runs first on every page (a classic script in <head>, so it runs before anything loads).
// The app is four pages, each with a module of its own (crates/links/src/page_file.rs): the
// playground (index.html), embed.html, workshop.html and compare.html. Every page starts
// here: a query that names another page sends the browser there before anything loads,
// so every link, old or new, opens the page it names.
(function () {
  var q = location.search;
  var page = /[?&]compare(=|&|$)/.test(q) ? "compare.html"
    : /[?&]embed(=1)?(&|$)/.test(q) ? "embed.html"
    : /[?&](workshop(=1)?|builder=1|review(=texts)?|exercise=[^&]+)(&|$)/.test(q) ? "workshop.html"
    : null;
  var here = location.pathname.split("/").pop() || "index.html";
  if (page && page !== here) return location.replace(page + q + location.hash);
  // The page stays: start its module (named in <meta>s by scripts/build-pages.sh), the wasm
  // and its script fetched at once beside the bootstrap that runs them.
  function named(name) {
    var meta = document.querySelector('meta[name="' + name + '"]');
    return meta && meta.getAttribute("content");
  }
  function preload(rel, href, as) {
    var link = document.createElement("link");
    link.rel = rel;
    if (as) link.as = as;
    link.crossOrigin = "anonymous";
    link.href = href;
    document.head.appendChild(link);
  }
  var start = named("dlx-start");
  if (start) {
    preload("preload", named("dlx-wasm"), "fetch");
    preload("modulepreload", named("dlx-glue"));
    var script = document.createElement("script");
    script.type = "module";
    script.src = start;
    document.head.appendChild(script);
  }
  // The page opens in the link's language, else the one chosen last, else the browser's
  // (crates/links/src/lang_link.rs). Korean and Chinese texts are files of their own (the
  // catalogue, and the built-ins' texts), named in <meta>s by the build: start fetching
  // them now, beside the module, not after it.
  function parse(tag) {
    var t = String(tag || "").trim().toLowerCase().replace(/_/g, "-").split("-")[0];
    return t === "en" ? "en" : t === "ko" ? "ko" : t === "zh" ? "zh-CN" : null;
  }
  function fixed(part) {
    var found = null;
    part.replace(/^[?#]/, "").split("&").some(function (p) {
      var kv = p.split("=");
      if (kv[0] === "lang") found = parse(kv.slice(1).join("="));
      return found !== null;
    });
    return found;
  }
  var lang = fixed(location.hash) || fixed(q);
  try { lang = lang || parse(localStorage.getItem("dlx-lab:lang")); } catch (e) {}
  (navigator.languages || [navigator.language]).some(function (t) {
    lang = lang || parse(t);
    return lang !== null;
  });
  ["dlx-catalogue-", "dlx-content-"].forEach(function (name) {
    var href = lang && named(name + lang);
    if (href) preload("preload", href, "fetch");
  });
})();
