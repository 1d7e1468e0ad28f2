/* captcha-gen widget, part 5: the pattern control (see core.js). */
(function (parts) {
  'use strict';

  const el = parts.core.el, pct = parts.core.pct, toBackground = parts.core.toBackground,
    stageFor = parts.core.stageFor;
  const trackedDrag = parts.input.trackedDrag;

  // =============================================================================================
  // 7. pattern: nine dots on the board, as the gesture lock: drag through them (the line follows),
  //    or pick them with Enter/Space and press Check.

  /**
   * The dots a path visits, in order: the server's rule (Swift's PatternPathResolver; both are held
   * to Fixtures/pattern-paths.json). Each sample snaps to the nearest dot within `radius` (the lower
   * index on a tie; samples near no dot are ignored), a dot already visited is never visited again,
   * and the straight segment from the last visited dot to the next visits, on the way, every
   * unvisited dot it passes within `radius` of, in the order it passes them.
   */
  function resolvePattern(dots, radius, path) {
    const visited = [];
    const r2 = radius * radius;
    function snap(p) {
      let best = -1;
      let bestD2 = Infinity;
      dots.forEach(function (d, i) {
        const d2 = (d.x - p.x) * (d.x - p.x) + (d.y - p.y) * (d.y - p.y);
        if (d2 <= r2 && d2 < bestD2) {
          best = i;
          bestD2 = d2;
        }
      });
      return best;
    }
    function passedOver(a, b) {
      const p = dots[a];
      const q = dots[b];
      const dx = q.x - p.x;
      const dy = q.y - p.y;
      const len2 = dx * dx + dy * dy;
      if (!len2) return [];
      const hits = [];
      dots.forEach(function (c, i) {
        if (i === a || i === b) return;
        const t = ((c.x - p.x) * dx + (c.y - p.y) * dy) / len2;
        if (t <= 0 || t >= 1) return;
        const ex = p.x + t * dx - c.x;
        const ey = p.y + t * dy - c.y;
        if (ex * ex + ey * ey <= r2) hits.push({ i: i, t: t });
      });
      return hits
        .sort(function (u, v) {
          return u.t - v.t;
        })
        .map(function (h) {
          return h.i;
        });
    }
    path.forEach(function (p) {
      const dot = snap(p);
      if (dot < 0 || visited.indexOf(dot) >= 0) return;
      if (visited.length) {
        passedOver(visited[visited.length - 1], dot).forEach(function (i) {
          if (visited.indexOf(i) < 0) visited.push(i);
        });
      }
      visited.push(dot);
    });
    return visited;
  }

  /** The board: the hint above, the stage with the line and nine dot buttons, Clear and Check. */
  function patternBoard(ch, ui) {
    const hint = el('img', { class: 'cg-hint', alt: ui.text.t('patternHint'), src: ch.pieceURL }, null);
    hint.style.width = ch.piece_width + 'px';
    ui.main.appendChild(hint);
    const stage = stageFor(ch, ui.main);
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    svg.setAttribute('class', 'cg-lines');
    svg.setAttribute('viewBox', '0 0 ' + ch.width + ' ' + ch.height);
    svg.setAttribute('aria-hidden', 'true');
    const line = document.createElementNS('http://www.w3.org/2000/svg', 'polyline');
    line.setAttribute('stroke-width', String(Math.max(4, ch.width / 40)));
    svg.appendChild(line);
    stage.appendChild(svg);
    const dotSize = ch.radius * 1.4;
    const buttons = ch.dots.map(function (d, i) {
      const b = el('div', { class: 'cg-dot', role: 'button', tabindex: '0', 'aria-label': ui.text.t('dot', { n: i + 1 }), 'aria-pressed': 'false' }, stage);
      b.style.left = pct(d.x, ch.width); // its centre: the dot is centred there, at least 44 px
      b.style.top = pct(d.y, ch.height);
      b.style.width = pct(dotSize, ch.width);
      b.style.height = pct(dotSize, ch.height);
      return b;
    });
    const actions = el('div', { class: 'cg-actions' }, ui.main);
    const clear = el('button', { type: 'button', class: 'cg-button', text: ui.text.t('clear') }, actions);
    const check = el('button', { type: 'button', class: 'cg-button cg-primary', text: ui.text.t('check') }, actions);
    return { stage: stage, line: line, buttons: buttons, clear: clear, check: check };
  }

  function patternControl(ch, ui) {
    const board = patternBoard(ch, ui);
    let chosen = []; // dots picked by key or tap, in order
    let visited = [];

    function centres(indices) {
      return indices.map(function (i) {
        return { x: ch.dots[i].x, y: ch.dots[i].y };
      });
    }

    function draw(tail) {
      const points = centres(visited);
      if (tail) points.push(tail);
      board.line.setAttribute('points', points.map(function (p) { return p.x + ',' + p.y; }).join(' '));
      board.buttons.forEach(function (b, i) {
        const order = visited.indexOf(i);
        b.setAttribute('aria-pressed', String(order >= 0));
        b.textContent = '';
        if (order >= 0) el('span', { class: 'cg-order', 'aria-hidden': 'true', text: String(order + 1) }, b);
      });
      board.check.disabled = visited.length === 0;
    }

    function toggle(i) {
      const at = chosen.indexOf(i);
      if (at >= 0) chosen.splice(at, 1);
      else chosen.push(i);
      visited = resolvePattern(ch.dots, ch.radius, centres(chosen));
      draw();
    }

    function submitChosen() {
      if (!visited.length || !ui.live()) return;
      board.check.disabled = true;
      ui.submit({ path: centres(visited).map(function (p) { return [p.x, p.y]; }) });
    }

    board.buttons.forEach(function (b, i) {
      b.addEventListener('keydown', function (e) {
        if (e.key !== 'Enter' && e.key !== ' ') return;
        e.preventDefault();
        if (ui.live()) toggle(i);
      });
    });
    board.check.addEventListener('click', submitChosen);
    board.clear.addEventListener('click', function () {
      chosen = [];
      visited = [];
      draw();
    });

    let path;
    function follow(e, track) {
      const p = toBackground(board.stage, ch, e.clientX, e.clientY);
      path.push(p);
      track.add(p.x, p.y);
      visited = resolvePattern(ch.dots, ch.radius, path);
      draw(p);
    }
    trackedDrag(board.stage, ui, {
      start: function (e, track) {
        path = [];
        follow(e, track);
      },
      move: follow,
      end: function (track, cancelled) {
        if (cancelled || visited.length < 2) {
          // A tap (one dot at most) picks or drops that dot, as Enter does; it does not submit.
          const tapped = visited[0];
          visited = resolvePattern(ch.dots, ch.radius, centres(chosen));
          if (!cancelled && tapped !== undefined) toggle(tapped);
          else draw();
          return;
        }
        chosen = [];
        draw();
        board.check.disabled = true;
        const samples = track.samples();
        ui.submit({
          path: samples.map(function (s) { return [s.x, s.y]; }),
          track: samples,
        });
      },
    });
    draw();
    return { focus: function () { board.buttons[0].focus(); } };
  }

  parts.pattern = { resolvePattern: resolvePattern, patternControl: patternControl };
})(CaptchaGenParts);
