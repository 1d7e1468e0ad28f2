// captcha-gen widget: minimal version until the full widget lands (serve-api.md, "widget").
// It shows each challenge's pictures; dragging and verify come with the full widget.
(function () {
  "use strict";
  function mount(root, options) {
    var endpoint = (options && options.endpoint) || "";
    var kind = (options && options.kind) || root.getAttribute("data-kind") || undefined;
    root.setAttribute("data-state", "loading");
    fetch(endpoint + "/v1/challenges", {method: "POST", body: JSON.stringify(kind ? {kind: kind} : {})})
      .then(function (r) { return r.json(); })
      .then(function (c) {
        root.setAttribute("data-challenge-id", c.id);
        root.setAttribute("data-state", "ready");
        ["background", "piece"].forEach(function (name) {
          var img = document.createElement("img");
          img.src = endpoint + c[name];
          img.alt = name;
          root.appendChild(img);
        });
      })
      .catch(function () { root.setAttribute("data-state", "error"); });
  }
  window.CaptchaGen = {mount: mount};
  document.querySelectorAll("[data-captcha-gen]").forEach(function (el) { mount(el, {}); });
})();
