/* paint solve --html: step through the explanation.
 *
 * Reads each step's marks from its list item (data-f: squares made full, data-e: squares made empty,
 * as row * width + column from 0; data-s: the strips worked, r0 for row 1, c4 for column 5), the
 * board's geometry from #paint-data, and draws the grid as it stands after the step being read.
 * Reasons packed by the writer (#paint-packed, deflated and base64) are unpacked when first shown.
 */
(function () {
    'use strict';
    var root = document.documentElement;

    var NS = 'http://www.w3.org/2000/svg';
    var BLANK = 0, FULL = 1, EMPTY = 2;
    var BLANK_FILL = '#949494';  // 3:1 against the white of an empty square (paint.render.svg.BLANK_FILL)
    var WORDS = ['blank', 'full', 'empty'];  // by value; also the class of a square's run
    var data = JSON.parse(document.getElementById('paint-data').textContent);
    var W = data.width, H = data.height, S = data.square, L = data.left, T = data.top;
    var list = document.getElementById('steps');
    var items = Array.prototype.slice.call(list.querySelectorAll('li.step'));
    var last = items.length - 1;
    var board = document.getElementById('board');
    var svg = board.querySelector('svg');
    var slider = document.getElementById('slider');
    var position = document.getElementById('position');
    var info = document.getElementById('square');
    var buttons = {
        first: document.getElementById('first'), previous: document.getElementById('previous'),
        next: document.getElementById('next'), last: document.getElementById('last'),
        reveal: document.getElementById('reveal'), guess: document.getElementById('guess')
    };
    var said = document.getElementById('said');

    function numbers(text) {
        return text ? text.split(' ').map(Number) : [];
    }

    var steps = items.map(function (item) {
        return {
            full: numbers(item.getAttribute('data-f')),
            empty: numbers(item.getAttribute('data-e')),
            strips: item.getAttribute('data-s') ? item.getAttribute('data-s').split(' ') : []
        };
    });

    // The squares as they stand after step `current`; `by` is the step that last marked each (0: given, -1: none).
    var value = new Uint8Array(W * H);
    var by = new Int32Array(W * H).fill(-1);
    if (data.start) {
        for (var i = 0; i < W * H; i++) {
            var c = data.start.charAt(i);
            if (c === 'X' || c === '.') {
                value[i] = c === 'X' ? FULL : EMPTY;
                by[i] = 0;
            }
        }
    }
    // The step that decides each square in the end, and how (for "step 40 makes it full").
    var decider = by.slice(), decided = value.slice();
    steps.forEach(function (step, k) {
        step.full.forEach(function (i) { decider[i] = k; decided[i] = FULL; });
        step.empty.forEach(function (i) { decider[i] = k; decided[i] = EMPTY; });
    });
    var current = 0;
    var undo = [];

    function apply(k) {
        var record = [];
        steps[k].full.forEach(function (i) { record.push(i, value[i], by[i]); value[i] = FULL; by[i] = k; });
        steps[k].empty.forEach(function (i) { record.push(i, value[i], by[i]); value[i] = EMPTY; by[i] = k; });
        undo[k] = record;
    }

    function revert(k) {
        var record = undo[k];
        for (var j = record.length - 3; j >= 0; j -= 3) {
            value[record[j]] = record[j + 1];
            by[record[j]] = record[j + 2];
        }
    }

    // ------------------------------------------------------------ drawing

    function element(name, attributes, parent) {
        var node = document.createElementNS(NS, name);
        Object.keys(attributes).forEach(function (key) { node.setAttribute(key, attributes[key]); });
        parent.appendChild(node);
        return node;
    }

    var squares = svg.querySelector('g.squares');
    while (squares.firstChild) {
        squares.removeChild(squares.firstChild);
    }
    var layers = {
        blank: element('path', {'class': 'blank', fill: BLANK_FILL}, squares),
        empty: element('path', {'class': 'empty', fill: 'url(#' + data.pattern + ')'}, squares),
        full: element('path', {'class': 'full', fill: '#000000'}, squares),
        newFull: element('path', {'class': 'new-full', fill: '#1a5fb4'}, squares),
        newEmpty: element('path', {'class': 'new-empty', fill: '#fff1a8'}, squares)
    };
    var overlay = element('g', {'class': 'overlay', fill: 'none'}, svg);
    var frames = element('path', {'class': 'new-full-frame', stroke: '#ffffff', 'stroke-width': S * 0.1}, overlay);
    var crosses = element('path', {
        'class': 'new-empty-cross', stroke: '#c01c28', 'stroke-width': S * 0.12, 'stroke-linecap': 'round'
    }, overlay);
    // outlines stand on a white halo, so they show 3:1 on black, grey and white squares alike
    var outlineHalo = element('path', {'class': 'halo', stroke: '#ffffff', 'stroke-width': S * 0.36}, overlay);
    var outline = element('path', {'class': 'strip', stroke: '#e66100', 'stroke-width': S * 0.2}, overlay);
    // the reasoning of a probe or search step: what is supposed, drawn in purple, never as what is known
    var reasoning = element('g', {'class': 'reasoning', fill: 'none'}, overlay);
    var PURPLE = '#6527a8', RED = '#c01c28', GREEN = '#1e7a4c';
    var drawn = {
        places: element('path', {'class': 'places', stroke: PURPLE, 'stroke-width': S * 0.08,
                                 'stroke-dasharray': S * 0.2 + ' ' + S * 0.12}, reasoning),
        left: element('path', {'class': 'place-left', stroke: GREEN, 'stroke-width': S * 0.16}, reasoning),
        place: element('path', {'class': 'place', stroke: PURPLE, 'stroke-width': S * 0.16}, reasoning),
        linkStrips: element('path', {'class': 'link-strips', stroke: PURPLE, 'stroke-width': S * 0.06,
                                     'stroke-dasharray': S * 0.3 + ' ' + S * 0.2}, reasoning),
        supposedFull: element('path', {'class': 'supposed-full', fill: PURPLE, stroke: '#ffffff',
                                       'stroke-width': S * 0.08}, reasoning),
        supposedEmpty: element('path', {'class': 'supposed-empty', stroke: PURPLE, 'stroke-width': S * 0.12,
                                        'stroke-linecap': 'round'}, reasoning),
        assumed: element('path', {'class': 'assumed', stroke: PURPLE, 'stroke-width': S * 0.14}, reasoning),
        linkStrip: element('path', {'class': 'link-strip', stroke: PURPLE, 'stroke-width': S * 0.14}, reasoning),
        brokenHalo: element('path', {'class': 'halo', stroke: '#ffffff', 'stroke-width': S * 0.36}, reasoning),
        broken: element('path', {'class': 'broken', stroke: RED, 'stroke-width': S * 0.22,
                                  'stroke-dasharray': S * 0.5 + ' ' + S * 0.2}, reasoning)
    };
    // the clue of the strip worked, on a light band
    var band = element('path', {'class': 'clue-band', fill: '#ffe0c2'}, svg);
    svg.insertBefore(band, svg.querySelector('g.column-clues'));
    var pointer = element('rect', {
        'class': 'pointer', width: S, height: S, stroke: '#1a5fb4', 'stroke-width': S * 0.12,
        'stroke-dasharray': S * 0.25, visibility: 'hidden'
    }, overlay);

    var guessing = false, hiding = -1;  // guess first: the step whose marks stay hidden until revealed
    var desc = svg.querySelector('desc');

    function draw() {
        var marked = new Uint8Array(W * H);
        var hidden = hiding === current;
        steps[current].full.forEach(function (i) { marked[i] = hidden ? 3 : 1; });
        steps[current].empty.forEach(function (i) { marked[i] = hidden ? 3 : 2; });
        var counts = [0, 0, 0];
        for (var n = 0; n < W * H; n++) {
            counts[marked[n] === 3 ? BLANK : value[n]]++;
        }
        desc.textContent = 'The grid ' + (current ? 'after step ' + current + ' of ' + last : 'at the start') +
            ': ' + counts[FULL] + ' full, ' + counts[EMPTY] + ' empty, ' + counts[BLANK] + ' blank' +
            (hidden ? ' (the squares this step marks are hidden until revealed)' : '') + '.';
        var runs = {blank: [], empty: [], full: [], newFull: [], newEmpty: []};
        var KINDS = [null, 'newFull', 'newEmpty', 'blank'];  // by marked: new, or hidden until revealed
        function kindOf(i) {
            return marked[i] ? KINDS[marked[i]] : WORDS[value[i]];
        }
        for (var r = 0; r < H; r++) {
            var y = T + r * S;
            var c = 0;
            while (c < W) {
                var i = r * W + c;
                var kind = kindOf(i);
                var end = c + 1;
                while (end < W && kindOf(r * W + end) === kind) {
                    end++;
                }
                runs[kind].push('M' + (L + c * S) + ' ' + y + 'h' + (end - c) * S + 'v' + S + 'h' + (c - end) * S + 'z');
                c = end;
            }
        }
        Object.keys(runs).forEach(function (kind) { layers[kind].setAttribute('d', runs[kind].join('')); });
        frames.setAttribute('d', (hidden ? [] : steps[current].full).map(function (i) {
            return squarePath(i, S * 0.15);
        }).join(''));
        crosses.setAttribute('d', (hidden ? [] : steps[current].empty).map(crossPath).join(''));
        outline.setAttribute('d', steps[current].strips.map(stripPath).join(''));
        outlineHalo.setAttribute('d', outline.getAttribute('d'));
        band.setAttribute('d', steps[current].strips.map(function (strip) {
            var index = Number(strip.slice(1));
            return strip.charAt(0) === 'r'
                ? 'M0 ' + (T + index * S) + 'h' + L + 'v' + S + 'h' + (-L) + 'z'
                : 'M' + (L + index * S) + ' 0h' + S + 'v' + T + 'h' + (-S) + 'z';
        }).join(''));
        drawReasoning();
        zoomTo();
    }

    // ------------------------------------------------------------ zoom: the squares the step works, bigger

    var whole = svg.getAttribute('viewBox'), zoomed = false;
    var wholeWidth = svg.getAttribute('width'), wholeHeight = svg.getAttribute('height');
    var zoomButton = document.getElementById('zoom');

    function zoomTo() {
        var rows = [], columns = [];
        steps[current].strips.forEach(function (strip) {
            (strip.charAt(0) === 'r' ? rows : columns).push(Number(strip.slice(1)));
        });
        (hiding === current ? [] : steps[current].full.concat(steps[current].empty)).forEach(function (i) {
            rows.push(Math.floor(i / W));  // (a hidden step's marks are not given away by where the window goes)
            columns.push(i % W);
        });
        if (!zoomed || (!rows.length && !columns.length)) {
            svg.setAttribute('viewBox', whole);
            svg.setAttribute('width', wholeWidth);
            svg.setAttribute('height', wholeHeight);
            return;
        }
        var SPAN = 15;  // squares across and down the window shows, at least
        function span(found, count) {
            if (!found.length) {
                return [0, Math.min(count, SPAN) - 1];
            }
            var low = Math.min.apply(null, found), high = Math.max.apply(null, found);
            var extra = Math.max(0, SPAN - (high - low + 1));
            low = Math.max(0, low - Math.ceil(extra / 2));
            high = Math.min(count - 1, Math.max(high, low + SPAN - 1));
            return [Math.max(0, Math.min(low, high - SPAN + 1)), high];
        }
        var across = span(columns, W), down = span(rows, H);
        var x0 = across[0] === 0 ? 0 : L + across[0] * S, y0 = down[0] === 0 ? 0 : T + down[0] * S;
        var x1 = L + (across[1] + 1) * S + S, y1 = T + (down[1] + 1) * S + S;  // and the numbers beyond
        svg.setAttribute('viewBox', x0 + ' ' + y0 + ' ' + (x1 - x0) + ' ' + (y1 - y0));
        svg.setAttribute('width', x1 - x0);  // the element takes the window's shape, so the window fills it
        svg.setAttribute('height', y1 - y0);
    }

    function stripPath(strip) {
        var index = Number(strip.slice(1));
        return strip.charAt(0) === 'r'
            ? 'M' + L + ' ' + (T + index * S) + 'h' + W * S + 'v' + S + 'h' + (-W * S) + 'z'
            : 'M' + (L + index * S) + ' ' + T + 'h' + S + 'v' + H * S + 'h' + (-S) + 'z';
    }

    function squarePath(i, inset) {
        var x = L + (i % W) * S + inset, y = T + Math.floor(i / W) * S + inset, side = S - 2 * inset;
        return 'M' + x + ' ' + y + 'h' + side + 'v' + side + 'h' + (-side) + 'z';
    }

    function crossPath(i) {
        var e = S * 0.22, f = S - 2 * e, x = L + (i % W) * S + e, y = T + Math.floor(i / W) * S + e;
        return 'M' + x + ' ' + y + 'l' + f + ' ' + f + 'M' + (x + f) + ' ' + y + 'l' + (-f) + ' ' + f;
    }

    function placePath(strip, start, size, inset) {
        var index = Number(strip.slice(1)), along = start * S + inset, span = size * S - 2 * inset;
        return strip.charAt(0) === 'r'
            ? 'M' + (L + along) + ' ' + (T + index * S + inset) + 'h' + span + 'v' + (S - 2 * inset) + 'h' + (-span) + 'z'
            : 'M' + (L + index * S + inset) + ' ' + (T + along) + 'h' + (S - 2 * inset) + 'v' + span + 'h' + (2 * inset - S) + 'z';
    }

    // ------------------------------------------------------------ the reasoning: a probe's chain, a search's places

    var view = {place: -1, link: -1};  // the place of a search shown (-1: none), the last link shown

    function drawing(k) {
        var text = items[k].getAttribute('data-d');
        if (text) {
            return JSON.parse(text);
        }
        return packed !== null && packed.has(k) ? packed.get(k)[1] : null;
    }

    function shownChain(d) {
        if (!d) {
            return null;
        }
        if (d.c) {
            return d.c;
        }
        return view.place >= 0 ? d.p[view.place][4] : null;
    }

    function drawReasoning() {
        var d = hiding === current ? null : drawing(current), chain = shownChain(d);
        var paths = {places: [], left: [], place: [], linkStrips: [], supposedFull: [], supposedEmpty: [],
                     assumed: [], linkStrip: [], broken: []};
        if (d && d.p) {
            d.p.forEach(function (place, n) {
                var path = placePath(d.k, place[0], place[1], S * 0.12);
                (n === view.place ? paths.place : place[2] === 's' ? paths.left : paths.places).push(path);
            });
        }
        if (chain) {
            var upto = view.link < 0 ? chain.l.length + 1 : view.link;  // links 1..upto shown; past the last: the break
            chain.a.forEach(function (mark) {
                paths.assumed.push(squarePath(mark[0], -S * 0.05));
                (mark[1] === FULL ? paths.supposedFull : paths.supposedEmpty).push(
                    mark[1] === FULL ? squarePath(mark[0], S * 0.12) : crossPath(mark[0]));
            });
            chain.l.slice(0, Math.min(upto, chain.l.length)).forEach(function (link, n) {
                (n + 1 === upto ? paths.linkStrip : paths.linkStrips).push(stripPath(link[0]));
                link[1].forEach(function (mark) {
                    (mark[1] === FULL ? paths.supposedFull : paths.supposedEmpty).push(
                        mark[1] === FULL ? squarePath(mark[0], S * 0.12) : crossPath(mark[0]));
                });
            });
            if (chain.b && upto > chain.l.length) {
                paths.broken.push(stripPath(chain.b));
            }
        }
        paths.brokenHalo = paths.broken;
        Object.keys(paths).forEach(function (key) { drawn[key].setAttribute('d', paths[key].join('')); });
    }

    // ------------------------------------------------------------ places named in the words, found on the board

    var named = element('g', {'class': 'named', fill: 'none'}, overlay);
    var namedHalo = element('path', {stroke: '#ffffff', 'stroke-width': S * 0.34}, named);
    var namedPath = element('path', {'class': 'named-place', stroke: '#1a5fb4', 'stroke-width': S * 0.18}, named);
    var PLACE = /\b(rows?|columns?) (\d+(?:-\d+)?(?:(?:, | and | or )\d+(?:-\d+)?)*)/g;
    var CROSSING = /^, (rows?|columns?) (\d+(?:-\d+)?(?:(?:, | and | or )\d+(?:-\d+)?)*)/;
    // after a place, what says it is a line named as a line: its clue, its block, what it would do, or (with
    // --steps rule) the squares of it in brackets
    var LABEL = /^( \[| \((?=rows? |columns? )|'s\b| would\b| could\b| cannot be completed)/;

    function numbersIn(text) {  // '3-5, 8 and 10' -> [2, 3, 4, 7, 9] (from 0)
        var found = [];
        text.split(/, | and | or /).forEach(function (part) {
            var ends = part.split('-').map(Number);
            for (var n = ends[0]; n <= (ends.length > 1 ? ends[1] : ends[0]); n++) {
                found.push(n - 1);
            }
        });
        return found;
    }

    function namesALine(text, match, after) {  // the place is a line named as a line
        return LABEL.test(after) || /breaks $/.test(text.slice(0, match.index));
    }

    function lineSquares(isRow, n) {
        var squares = [];
        for (var k = 0; k < (isRow ? W : H); k++) {
            squares.push(isRow ? n * W + k : k * W + n);
        }
        return squares;
    }

    // The squares of the places one line of words names, and the lines the words are about after it.  A line
    // named as a line ("row 3 [2 1]", "row 3's 2", "column 4 (rows 2-3)", "breaks column 4", "columns 2, 6
    // would ...") is the whole line and becomes the context; "row 3, columns 5-6" are squares where they cross;
    // a bare "columns 3-5" are squares of the context lines (a line of the context's own kind: the whole line).
    function placesIn(text, context) {
        var found = [], match;
        PLACE.lastIndex = 0;
        while ((match = PLACE.exec(text)) !== null) {
            var isRow = match[1].charAt(0) === 'r', numbers = numbersIn(match[2]);
            var after = text.slice(match.index + match[0].length), end = match.index + match[0].length;
            var crossing = CROSSING.exec(after), squares = [];
            if (crossing && (crossing[1].charAt(0) === 'r') !== isRow) {  // "row 3, columns 5-6"
                var across = numbersIn(crossing[2]);
                numbers.forEach(function (n) {
                    across.forEach(function (m) { squares.push(isRow ? n * W + m : m * W + n); });
                });
                end += crossing[0].length;
            } else if (namesALine(text, match, after) || !context.length || (context[0].charAt(0) === 'r') === isRow) {
                numbers.forEach(function (n) { squares = squares.concat(lineSquares(isRow, n)); });
                if (namesALine(text, match, after)) {
                    context = numbers.map(function (n) { return (isRow ? 'r' : 'c') + n; });
                }
            } else {
                context.forEach(function (strip) {
                    var line = Number(strip.slice(1));
                    numbers.forEach(function (n) { squares.push(isRow ? n * W + line : line * W + n); });
                });
            }
            found.push({start: match.index, end: end, squares: squares});
            PLACE.lastIndex = end;
        }
        return {places: found, context: context};
    }

    function markPlaces(item) {
        if (item.hasAttribute('data-places')) {
            return;
        }
        item.setAttribute('data-places', '');
        var start = steps[items.indexOf(item)].strips.slice(0, 1);
        var stack = [];  // the context each depth of words leaves to the lines under it
        Array.prototype.forEach.call(item.querySelectorAll('p'), function (line) {
            var depth = line.classList.contains('h') ? 0 : Number((/\bd(\d)\b/.exec(line.className) || [0, 1])[1]);
            var context = start;
            for (var d = depth - 1; d >= 0; d--) {
                if (stack[d]) {
                    context = stack[d];
                    break;
                }
            }
            stack.length = depth;
            var walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT, null), texts = [];
            while (walker.nextNode()) {
                texts.push(walker.currentNode);
            }
            texts.forEach(function (node) {
                if (node.parentNode.closest('a, summary, button, span.place')) {
                    return;  // (a place already found keeps its span)
                }
                var text = node.nodeValue, read = placesIn(text, context), at = 0;
                context = read.context;
                if (!read.places.length) {
                    return;
                }
                var holder = document.createDocumentFragment();
                read.places.forEach(function (place) {
                    holder.appendChild(document.createTextNode(text.slice(at, place.start)));
                    var span = document.createElement('span');
                    span.className = 'place';
                    span.tabIndex = -1;
                    span.setAttribute('data-squares', place.squares.join(' '));
                    span.textContent = text.slice(place.start, place.end);
                    holder.appendChild(span);
                    at = place.end;
                });
                holder.appendChild(document.createTextNode(text.slice(at)));
                node.parentNode.replaceChild(holder, node);
            });
            stack[depth] = context;
        });
    }

    // only the places of the step shown take the focus: the step list stays one stop for Tab
    function focusablePlaces(item, on) {
        Array.prototype.forEach.call(item.querySelectorAll('span.place'), function (span) { span.tabIndex = on ? 0 : -1; });
    }

    function showNamed(span) {
        var d = span ? span.getAttribute('data-squares').split(' ').filter(Boolean).map(function (i) {
            return squarePath(Number(i), -S * 0.02);
        }).join('') : '';
        namedPath.setAttribute('d', d);
        namedHalo.setAttribute('d', d);
    }

    list.addEventListener('mouseover', function (event) { showNamed(event.target.closest('span.place')); });
    list.addEventListener('mouseout', function (event) {
        if (event.target.closest('span.place')) {
            showNamed(null);
        }
    });
    list.addEventListener('focusin', function (event) { showNamed(event.target.closest('span.place')); });
    list.addEventListener('focusout', function () { showNamed(null); });

    var panel = document.getElementById('reasoning');

    function button(words, pressed, onclick) {
        var node = document.createElement('button');
        node.type = 'button';
        node.textContent = words;
        node.setAttribute('aria-pressed', pressed ? 'true' : 'false');
        node.addEventListener('click', onclick);
        return node;
    }

    function listOf(name, entries) {
        var list = document.createElement('ol');
        list.className = name;
        entries.forEach(function (entry) {
            var item = document.createElement('li');
            item.appendChild(entry);
            list.appendChild(item);
        });
        return list;
    }

    function showReasoning() {
        var d = hiding === current ? null : drawing(current);
        panel.textContent = '';
        panel.hidden = !d;
        if (!d) {
            return;
        }
        var heading = document.createElement('h2');
        heading.textContent = d.c ? 'The chain, drawn on the board' : 'The places, drawn on the board';
        panel.appendChild(heading);
        if (d.p) {
            panel.appendChild(listOf('places', d.p.map(function (place, n) {
                return button((n + 1) + '. ' + place[3], n === view.place, function () {
                    view.place = view.place === n ? -1 : n;
                    view.link = -1;
                    drawReasoning();
                    showReasoning();
                    var again = panel.querySelectorAll('ol.places button')[n];
                    if (again) {
                        again.focus();
                    }
                });
            })));
        }
        var chain = shownChain(d);
        if (chain) {
            var upto = view.link < 0 ? chain.l.length + 1 : view.link;
            var entries = [chain.t].concat(chain.l.map(function (link) { return link[2]; }));
            if (chain.b) {
                entries.push('and ' + chain.bt);
            }
            panel.appendChild(listOf('links', entries.map(function (words, n) {
                return button(words, n === Math.min(upto, entries.length - 1), function () {
                    view.link = n >= chain.l.length + 1 ? -1 : n;
                    drawReasoning();
                    showReasoning();
                    var again = panel.querySelectorAll('ol.links button')[n];
                    if (again) {
                        again.focus();
                    }
                });
            })));
        }
        var key = document.createElement('p');
        key.className = 'legend';
        key.innerHTML = '<span class="key supposed"></span> supposed, not known ' +
            '<span class="key assumed"></span> where the supposition starts ' +
            (d.p ? '<span class="key place"></span> a place of the block ' : '') +
            '<span class="key broken"></span> the line that cannot be completed';
        panel.appendChild(key);
    }

    // ------------------------------------------------------------ the step list

    var packed = null, unpacking = null;

    function fill(k) {
        var item = items[k];
        if (packed === null || item.querySelector('.r') || !packed.has(k) || !packed.get(k)[0]) {
            return;
        }
        var reasons = document.createElement('div');
        reasons.className = 'r';
        reasons.innerHTML = packed.get(k)[0];  // written and escaped by paint itself
        item.appendChild(reasons);
        item.removeAttribute('data-places');  // its reasons' places are still to be found
    }

    function unpack(text) {
        var binary = atob(text.trim());
        var bytes = new Uint8Array(binary.length);
        for (var i = 0; i < binary.length; i++) {
            bytes[i] = binary.charCodeAt(i);
        }
        var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate'));
        return new Response(stream).text().then(JSON.parse);
    }

    var source = document.getElementById('paint-packed');
    if (source) {
        unpacking = (typeof DecompressionStream === 'function'
            ? unpack(source.textContent)
            : Promise.reject(new Error('this browser has no DecompressionStream')));
        unpacking.then(function (pairs) {
            packed = new Map(pairs.map(function (item) { return [item[0], [item[1], item[2]]]; }));
            fill(current);
            markPlaces(items[current]);
            focusablePlaces(items[current], hiding !== current);
            drawReasoning();
            showReasoning();
        }, function (error) {
            var note = list.querySelector('li.note');
            if (note) {
                note.textContent = 'The reasons of the steps from here on could not be unpacked (' + error.message +
                    '); paint solve PUZZLE -o FILE writes them all as text.';
            }
        });
    }

    function reveal(item) {
        var outer = list.getBoundingClientRect(), inner = item.getBoundingClientRect();
        if (inner.top < outer.top) {
            list.scrollTop += inner.top - outer.top - 4;
        } else if (inner.bottom > outer.bottom) {
            list.scrollTop += Math.min(inner.bottom - outer.bottom + 4, inner.top - outer.top - 4);
        }
    }

    function show() {
        var previous = list.querySelector('li.step.current');
        if (previous) {
            previous.classList.remove('current');
            previous.removeAttribute('aria-current');
        }
        var item = items[current];
        item.classList.add('current');
        item.setAttribute('aria-current', 'step');
        var inList = list.contains(document.activeElement);
        if (previous) {
            previous.querySelector('p.h a').tabIndex = -1;
            focusablePlaces(previous, false);
        }
        var anchor = item.querySelector('p.h a');
        anchor.tabIndex = 0;  // the list is one stop for Tab; Up and Down move inside it
        if (inList) {
            anchor.focus({preventScroll: true});
        }
        fill(current);
        markPlaces(item);
        focusablePlaces(item, hiding !== current);
        showNamed(null);
        showReasoning();
        reveal(item);
        var hidden = hiding === current;
        root.classList.toggle('guessing', hidden);
        buttons.reveal.hidden = !hidden;
        buttons.guess.hidden = hidden;  // Reveal stands in its place until the marks are shown
        slider.value = current;
        position.textContent = 'Step ' + current + ' of ' + last;
        var head = item.querySelector('p.h');
        said.textContent = hidden
            ? 'Step ' + current + ' of ' + last + ': ' + head.textContent.replace(/^\d+\. /, '').split(' - ')[0] +
              '. What does it mark? Reveal shows it.'
            : head.textContent.replace(/^\d+\. /, 'Step ' + current + ' of ' + last + ': ');
        onScreen(item);
        var focused = document.activeElement;
        buttons.first.disabled = buttons.previous.disabled = current === 0;
        buttons.next.disabled = buttons.last.disabled = current === last;
        if (focused && focused.disabled) {  // keep the keyboard's place: a disabled button loses focus
            (current === 0 ? buttons.next : buttons.previous).focus();
        }
    }

    // on a narrow screen, the step's line and the Next button stay in sight
    var started = false;  // the page is laid out as the script lays it (class js): only then is there a screen to keep

    function onScreen(item) {
        if (!started || !window.matchMedia('(max-width: 48em)').matches) {
            return;
        }
        var bar = document.getElementById('controls').getBoundingClientRect();
        var line = item.querySelector('p.h').getBoundingClientRect();
        var bottom = Math.min(window.innerHeight, bar.top > 0 ? bar.top : window.innerHeight);
        if (line.top < 0 || line.bottom > bottom) {
            window.scrollBy(0, line.top - Math.max(8, bottom - line.height - 120));
        }
    }

    // quiet: the address is not changed (it is where the step came from); jump: a new entry in the history, so
    // Back returns to the step before the jump instead of leaving the page (Next and Previous replace it)
    function go(k, quiet, jump) {
        k = Math.max(0, Math.min(last, Math.floor(Number(k)) || 0));
        if (k !== current) {
            view = {place: -1, link: -1};
        }
        // guess first: a step forward hides what it marks; staying on the step keeps it hidden
        hiding = guessing && k === current + 1 ? k : (k === current ? hiding : -1);
        while (current < k) {
            apply(++current);
        }
        while (current > k) {
            revert(current--);
        }
        draw();
        show();
        if (pointed >= 0) {
            say(pointed);  // what was said of the square, said again of it at this step
        }
        if (!quiet && location.hash !== '#step-' + k) {
            if (jump) {
                history.pushState(null, '', '#step-' + k);
            } else {
                history.replaceState(null, '', '#step-' + k);
            }
        }
    }

    // ------------------------------------------------------------ what a square's history is

    function ruleOf(k) {
        var rule = items[k].querySelector('p.h b');
        return rule ? rule.textContent.replace(' (', ', ').replace(')', '') : '';
    }

    function link(k, words) {
        var anchor = document.createElement('a');
        anchor.href = '#step-' + k;
        anchor.textContent = words;
        return anchor;
    }

    var pointed = -1;  // the square pointed at or tapped last, -1 for none

    function point(i) {
        // the dashed frame on the square under the pointer (none off the grid); what is said of it stays
        if (i >= 0) {
            pointer.setAttribute('x', L + (i % W) * S);
            pointer.setAttribute('y', T + Math.floor(i / W) * S);
        }
        pointer.setAttribute('visibility', i >= 0 ? 'visible' : 'hidden');
        if (i >= 0 && i !== pointed) {
            pointed = i;
            say(i);  // only when the square changes: the text is read out
        }
    }

    function say(i) {
        info.textContent = '';
        if (i < 0) {
            info.textContent = 'Point at a square, or tap it, to see which step decided it.';
            return;
        }
        var place = 'Row ' + (Math.floor(i / W) + 1) + ', column ' + (i % W + 1) + ': ';
        if (hiding === current && by[i] === current) {  // guessing: the square is not told before Reveal
            info.append(place + 'blank before this step; Reveal shows what the step makes of it.');
            return;
        }
        if (value[i] !== BLANK && by[i] === 0) {
            info.append(place + 'given ' + WORDS[value[i]] + '.');
        } else if (value[i] !== BLANK) {
            info.append(place + WORDS[value[i]] + (by[i] === current ? ', marked by this step, ' : ' since '),
                        link(by[i], 'step ' + by[i] + ' (' + ruleOf(by[i]) + ')'), '.');
        } else if (decider[i] > 0) {
            info.append(place + 'still blank here; ', link(decider[i], 'step ' + decider[i] + ' (' + ruleOf(decider[i]) + ')'),
                        ' makes it ' + WORDS[decided[i]] + '.');
        } else {
            info.append(place + 'blank; no step decides it.');
        }
    }

    function squareAt(event) {
        var matrix = svg.getScreenCTM();
        if (!matrix) {
            return -1;
        }
        var point = svg.createSVGPoint();
        point.x = event.clientX;
        point.y = event.clientY;
        point = point.matrixTransform(matrix.inverse());
        var c = Math.floor((point.x - L) / S), r = Math.floor((point.y - T) / S);
        return c < 0 || r < 0 || c >= W || r >= H ? -1 : r * W + c;
    }

    // ------------------------------------------------------------ controls

    svg.addEventListener('mousemove', function (event) { point(squareAt(event)); });
    svg.addEventListener('click', function (event) { point(squareAt(event)); });
    svg.addEventListener('mouseleave', function () { point(-1); });
    buttons.first.addEventListener('click', function () { go(0); });
    buttons.previous.addEventListener('click', function () { go(current - 1); });
    buttons.next.addEventListener('click', function () { go(current + 1); });
    buttons.last.addEventListener('click', function () { go(last); });
    function setGuessing(on) {
        guessing = on;
        buttons.guess.setAttribute('aria-pressed', on ? 'true' : 'false');
        if (!on && hiding >= 0) {
            unhide();
        }
    }

    function unhide() {
        hiding = -1;
        draw();
        show();
    }

    function setZoom(on) {
        zoomed = on;
        zoomButton.setAttribute('aria-pressed', on ? 'true' : 'false');
        zoomTo();
    }

    buttons.guess.addEventListener('click', function () { setGuessing(!guessing); });
    buttons.reveal.addEventListener('click', function () {
        unhide();
        buttons.next.focus();  // the button is gone: the keyboard goes on from Next
    });
    svg.style.maxWidth = 1.75 * svg.width.baseVal.value + 'px';  // a small puzzle is not blown up to the window
    zoomButton.addEventListener('click', function () { setZoom(!zoomed); });
    slider.max = last;
    slider.addEventListener('input', function () { go(slider.value); });
    list.addEventListener('click', function (event) {
        if (event.target.closest('details') || event.ctrlKey || event.metaKey || event.shiftKey || event.button) {
            return;  // opening a fold, or a link opened elsewhere: not choosing a step
        }
        var item = event.target.closest('li.step');
        if (item) {
            event.preventDefault();
            var k = items.indexOf(item);
            if (k !== current) {
                go(k, false, true);
            }
            item.querySelector('p.h a').focus({preventScroll: true});  // the keyboard goes on from the step chosen
        }
    });
    info.addEventListener('click', function (event) {
        var anchor = event.target.closest('a');
        if (anchor) {
            event.preventDefault();
            go(anchor.getAttribute('href').slice('#step-'.length), false, true);
        }
    });
    // Left and Right move a step, Page Up and Page Down ten, Home and End to the ends; Up, Down and Space scroll.
    var KEYS = {ArrowRight: 1, ArrowLeft: -1, PageDown: 10, PageUp: -10};
    document.addEventListener('keydown', function (event) {
        var target = event.target;
        if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || (target && (
            target.tagName === 'TEXTAREA' || target.isContentEditable ||
            (target.tagName === 'INPUT' && target.type !== 'range') ||
            (target === slider && (event.key === 'ArrowLeft' || event.key === 'ArrowRight'))))) {
            return;  // typing, or the slider's own arrows (which move it a step)
        }
        var inList = target && list.contains(target);
        if (event.key === 'Home' || event.key === 'End') {
            go(event.key === 'Home' ? 0 : last);
        } else if (inList && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
            go(current + (event.key === 'ArrowDown' ? 1 : -1));
        } else if (event.key === 'g' || event.key === 'G') {
            setGuessing(!guessing);
        } else if ((event.key === 'r' || event.key === 'R') && hiding === current) {
            unhide();
        } else if (event.key === 'z' || event.key === 'Z') {
            setZoom(!zoomed);
        } else if (KEYS.hasOwnProperty(event.key)) {
            go(current + KEYS[event.key]);
        } else {
            return;
        }
        event.preventDefault();
    });
    var viewer = document.getElementById('viewer');
    function fromAddress() {
        var match = /^#step-(.*)$/.exec(location.hash);
        if (!match) {
            return;
        }
        go(/^\d+$/.test(match[1]) ? Number(match[1]) : current, true);
        if (location.hash !== '#step-' + current) {  // out of range, or not a number: say where the page is
            history.replaceState(null, '', '#step-' + current);
        }
        // the browser scrolled to the step's item; show the board and the list instead
        window.scrollTo(0, viewer.getBoundingClientRect().top + window.scrollY - 8);
    }
    window.addEventListener('hashchange', fromAddress);
    window.addEventListener('popstate', fromAddress);  // Back after a jump
    window.addEventListener('load', fromAddress);

    items.forEach(function (item) { item.querySelector('p.h a').tabIndex = -1; });
    board.hidden = false;
    document.getElementById('controls').hidden = false;
    document.getElementById('aside').hidden = false;
    draw();
    show();
    fromAddress();
    root.classList.remove('no-js');  // only now: if anything above failed, the page still reads as a list
    root.classList.add('js');
    started = true;
    root.setAttribute('data-ready', 'true');
}());
