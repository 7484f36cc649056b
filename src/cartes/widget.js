// The front end of cartes.widget.PlayWidget (an anywidget module): it draws what the Python
// model puts in its one synced trait, `view`, and sends the player's clicks back as custom
// messages. All the game is in Python; this file only draws and asks.
//
// view = {title: a line above the table, table: HTML of the table, offers: [{label, ranges: [{field, name, low, high}]}],
//         log: [lines], message: text, over: bool, seat: the seat the table is seen from}

function rangeInput(range, index, slot) {
  const box = document.createElement("label");
  box.className = "cartes-range";
  const input = document.createElement("input");
  input.type = "range";
  input.min = String(range.low);
  input.max = String(range.high);
  input.step = "1";
  input.value = String(range.low);
  input.dataset.offer = String(index);
  input.dataset.field = range.field;
  const shown = document.createElement("output");
  shown.textContent = input.value;
  input.addEventListener("input", () => { shown.textContent = input.value; });
  box.append(`${range.name} `, input, " ", shown);
  slot.append(box);
  return input;
}

function offerControl(model, offer, index) {
  const box = document.createElement("span");
  box.className = "cartes-offer";
  const button = document.createElement("button");
  button.type = "button";
  button.className = "cartes-act";
  button.dataset.offer = String(index);
  button.textContent = offer.label;
  box.append(button);
  const inputs = offer.ranges.map((range) => rangeInput(range, index, box));
  button.addEventListener("click", () => {
    const amounts = {};
    for (const input of inputs) amounts[input.dataset.field] = Number(input.value);
    // one click, one action: the table redraws when the model answers
    for (const other of box.parentElement.querySelectorAll("button")) other.disabled = true;
    model.send({ act: index, label: offer.label, amounts });
  });
  return box;
}

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "cartes-play";
  const title = document.createElement("div");
  title.className = "cartes-play-title";
  const table = document.createElement("div");
  table.className = "cartes-play-table";
  const actions = document.createElement("div");
  actions.className = "cartes-play-actions";
  const message = document.createElement("div");
  message.className = "cartes-play-message";
  const log = document.createElement("ol");
  log.className = "cartes-play-log";
  root.append(title, table, actions, message, log);
  el.append(root);

  function draw() {
    const view = model.get("view");
    title.textContent = view.title;
    table.innerHTML = view.table; // cartes.display's HTML view, made in Python
    actions.replaceChildren(...view.offers.map((offer, i) => offerControl(model, offer, i)));
    if (view.over) {
      const again = document.createElement("button");
      again.type = "button";
      again.className = "cartes-deal";
      again.textContent = "deal the next hand";
      again.addEventListener("click", () => {
        again.disabled = true;
        model.send({ deal: true });
      });
      actions.append(again);
    }
    message.textContent = view.message;
    log.replaceChildren(...view.log.map((line) => {
      const item = document.createElement("li");
      item.textContent = line;
      return item;
    }));
    log.scrollTop = log.scrollHeight; // the latest line in sight
  }

  model.on("change:view", draw);
  draw();
  return () => model.off("change:view", draw);
}

export default { render };
