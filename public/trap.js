// A trap in WebAssembly (out of memory, an abort) is not a Rust panic: the panic hook
// never runs and the page would freeze silently. Say so where users look; the work
// saved before the trap (the last scenario that ran) is what a reload opens.
(function () {
  var words = {
    en: ["DLX Lab stopped: the simulation ran out of memory or hit an internal error.",
         "Your last scenario that ran is kept. Reload the page to continue; if it stops again, make the run smaller (fewer messages or a shorter duration_ms).",
         "Reload"],
    ko: ["DLX Lab이 멈췄습니다. 시뮬레이션의 메모리가 부족하거나 내부 오류가 났습니다.",
         "마지막으로 실행된 시나리오는 저장되어 있습니다. 페이지를 새로 고쳐 계속하세요. 다시 멈추면 실행을 줄이세요(메시지 수나 duration_ms).",
         "새로 고침"],
    "zh-CN": ["DLX Lab 已停止：模拟的内存不足，或遇到内部错误。",
              "最后一次成功运行的场景已保存。请刷新页面继续；如果再次停止，请缩小运行规模（减少消息数或缩短 duration_ms）。",
              "刷新"]
  };
  function trapped(detail) {
    if (!/RuntimeError|unreachable|out of memory|memory access/i.test(String(detail))) return;
    var lang = document.documentElement.getAttribute("lang") || "en";
    var w = words[lang] || words.en;
    var box = document.getElementById("fatal");
    if (!box) {
      box = document.createElement("div");
      box.id = "fatal";
      box.setAttribute("role", "alert");
      document.body.appendChild(box);
    }
    box.textContent = "";
    var title = document.createElement("strong");
    title.textContent = w[0];
    var text = document.createElement("p");
    text.textContent = w[1];
    var again = document.createElement("button");
    again.type = "button";
    again.textContent = w[2];
    // Not the link that was being opened: its fragment stays out of the reload (the page
    // offers the work back instead of running it again).
    again.onclick = function () { location.replace(location.pathname + location.search); };
    var pre = document.createElement("pre");
    pre.textContent = String(detail);
    box.append(title, text, again, pre);
    document.documentElement.classList.add("trapped");
  }
  window.addEventListener("error", function (e) { trapped(e.error || e.message); });
  window.addEventListener("unhandledrejection", function (e) { trapped(e.reason); });
})();
