/* paint check --html: the counts in the summary show only the puzzles of their verdict (all: every one).
 * A click (or Enter) on a column's heading sorts the table by that column; again, the other way.
 * Columns whose heading has data-nosort (notes, pictures) do not sort.  A cell sorts by its data-sort value when it has one (verdicts from best to worst, sizes by area), else by its
 * text: as numbers when the column's cells are numbers, else as words.  Empty cells go last. */
(function () {
    'use strict';
    var root = document.documentElement;
    var table = document.getElementById('report');
    var body = table.tBodies[0];
    var headings = Array.prototype.slice.call(table.tHead.rows[0].cells);

    function key(row, column) {
        var cell = row.cells[column];
        return cell.hasAttribute('data-sort') ? cell.getAttribute('data-sort') : cell.textContent.trim();
    }

    function sort(column) {
        var heading = headings[column];
        var order = heading.getAttribute('aria-sort') === 'ascending' ? 'descending' : 'ascending';
        headings.forEach(function (other) { other.removeAttribute('aria-sort'); });
        heading.setAttribute('aria-sort', order);
        var rows = Array.prototype.slice.call(body.rows);
        var keys = rows.map(function (row, index) { return {row: row, value: key(row, column), index: index}; });
        var numeric = keys.every(function (item) { return item.value === '' || !isNaN(Number(item.value)); });
        var sign = order === 'ascending' ? 1 : -1;
        keys.sort(function (a, b) {
            if (a.value === '' || b.value === '') {
                return (a.value === '') - (b.value === '') || a.index - b.index;
            }
            var difference = numeric ? Number(a.value) - Number(b.value)
                : a.value.localeCompare(b.value, undefined, {numeric: true});
            return sign * difference || a.index - b.index;
        });
        var rebuilt = document.createDocumentFragment();
        keys.forEach(function (item) { rebuilt.appendChild(item.row); });
        body.appendChild(rebuilt);
    }

    headings.forEach(function (heading, column) {
        if (heading.hasAttribute('data-nosort')) {
            return;  // the notes and the pictures have no order
        }
        heading.classList.add('sorts');
        heading.tabIndex = 0;
        heading.title = 'sort by ' + heading.textContent;
        heading.addEventListener('click', function () { sort(column); });
        heading.addEventListener('keydown', function (event) {
            if (event.key === 'Enter' || event.key === ' ') {
                event.preventDefault();
                sort(column);
            }
        });
    });
    var filters = document.getElementById('filters');
    if (filters) {
        var choices = Array.prototype.slice.call(filters.querySelectorAll('button'));
        choices.forEach(function (choice) {
            choice.addEventListener('click', function () {
                var verdict = choice.getAttribute('data-verdict');
                choices.forEach(function (other) { other.setAttribute('aria-pressed', other === choice ? 'true' : 'false'); });
                Array.prototype.forEach.call(body.rows, function (row) {
                    row.hidden = verdict !== '' && row.getAttribute('data-verdict') !== verdict;
                });
            });
        });
        filters.hidden = false;
    }
    root.classList.remove('no-js');
    root.classList.add('js');
    root.setAttribute('data-ready', 'true');
}());
