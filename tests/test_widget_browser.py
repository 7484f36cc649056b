"""The notebook play widget in a real headless Chromium: its own front end (``widget.js``)
drawn on a page and clicked through a hand of each game to the end, talking to the Python
model through ipywidgets' own comm messages.

What stands in for Jupyter is the least that carries those messages: on the Python side a
comm (``comm.create_comm`` is the hook ipywidgets calls, meant to be replaced) that queues
what the widget publishes; on the page a small widget manager that opens the model from
``comm_open``, gives the widget's module anywidget's model API (``get``, ``set``,
``save_changes``, ``on``, ``off``, ``send``), renders it where the widget's mime bundle says,
and sends each ``model.send`` back as a ``custom`` comm message, through a function exposed
by Playwright whose answer is every message the kernel side published meanwhile. So the clicks
go through the real ``_handle_msg`` of ipywidgets, and the redraws through its ``update``
messages.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest

from cartes import games
from cartes.play import CallingStation, RandomAgent, ThresholdAgent

sync_api = pytest.importorskip(
    "playwright.sync_api", reason="playwright is not installed (the browser extra)"
)
pytest.importorskip("anywidget", reason="anywidget is not installed (the notebook extra)")

# after the skips: comm comes with anywidget (ipywidgets needs it)
import comm  # noqa: E402
from comm.base_comm import BaseComm  # noqa: E402

from cartes.display import play  # noqa: E402

SYSTEM_BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
#: Where the screenshots go when CARTES_SCREENSHOTS names a folder (to look at, not kept).
SHOTS = os.environ.get("CARTES_SCREENSHOTS")

HOST = """
<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>
<div id="cell-output"></div>
<script>
const models = {};

function makeModel(commId, state) {
  const listeners = {};
  let dirty = {};
  const fire = (event, ...args) => (listeners[event] || []).slice().forEach((f) => f(...args));
  const model = {
    get: (key) => state[key],
    set: (key, value) => { state[key] = value; dirty[key] = value; fire("change:" + key); },
    save_changes: () => {
      const changed = dirty; dirty = {};
      return toKernel(commId, { method: "update", state: changed, buffer_paths: [] });
    },
    on: (event, f) => { (listeners[event] = listeners[event] || []).push(f); },
    off: (event, f) => {
      listeners[event] = f ? (listeners[event] || []).filter((g) => g !== f) : [];
    },
    send: (content) => toKernel(commId, { method: "custom", content }),
    widget_manager: {},
    _update: (changed) => {
      Object.assign(state, changed);
      for (const key of Object.keys(changed)) fire("change:" + key);
    },
    _custom: (content) => fire("msg:custom", content, []),
  };
  return model;
}

window.deliver = async function (messages) {
  for (const msg of messages) {
    if (msg.msg_type === "comm_open") {
      models[msg.comm_id] = makeModel(msg.comm_id, msg.data.state);
    } else if (msg.msg_type === "comm_msg") {
      const model = models[msg.comm_id];
      if (msg.data.method === "update") model._update(msg.data.state);
      else if (msg.data.method === "custom") model._custom(msg.data.content);
      // echo_update: the kernel confirming the front end's own change, nothing to do
    }
  }
};

async function toKernel(commId, data) {
  window.pending = (window.pending || 0) + 1;
  try {
    await window.deliver(await window.kernel({ comm_id: commId, data }));
  } finally {
    window.pending -= 1;
  }
}

// what an output area does with application/vnd.jupyter.widget-view+json
window.show = async function (modelId) {
  const model = models[modelId];
  const style = document.createElement("style");
  style.textContent = model.get("_css") || "";
  document.head.append(style);
  const url = URL.createObjectURL(new Blob([model.get("_esm")], { type: "text/javascript" }));
  const widget = (await import(url)).default;
  if (widget.initialize) await widget.initialize({ model });
  const el = document.createElement("div");
  document.getElementById("cell-output").append(el);
  await widget.render({ model, el });
};
</script></body></html>
"""


class PageComm(BaseComm):  # type: ignore[misc]
    """A comm whose messages go to the page: queued here, handed over in the answer to the
    page's next call."""

    outbox: ClassVar[list[dict[str, Any]]] = []

    def publish_msg(self, msg_type: str, data: Any = None, metadata: Any = None,
                    buffers: Any = None, **keys: Any) -> None:
        assert not buffers, "the widget sends no binary buffers"
        self.outbox.append({"msg_type": msg_type, "comm_id": self.comm_id, "data": data})


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        try:
            launched = playwright.chromium.launch()
        except Exception:  # Playwright's own Chromium was not downloaded: the system's
            system = next((found for name in SYSTEM_BROWSERS if (found := shutil.which(name))),
                          None)
            if system is None:
                pytest.skip(f"no browser to render in: none of {', '.join(SYSTEM_BROWSERS)}")
            launched = playwright.chromium.launch(executable_path=system, args=FLAGS)
        yield launched
        launched.close()


class Host:
    """A page showing one widget, and the kernel side of its comm."""

    def __init__(self, browser: Any, widget: Any) -> None:
        self.widget = widget
        self.page = browser.new_page(viewport={"width": 1100, "height": 900})
        self.page.expose_function("kernel", self._kernel)
        self.page.set_content(HOST)
        bundle = widget._repr_mimebundle_()
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        model_id = data["application/vnd.jupyter.widget-view+json"]["model_id"]
        self.page.evaluate("messages => window.deliver(messages)", self._drain())
        self.page.evaluate("id => window.show(id)", model_id)
        self.root = self.page.locator("div.cartes-play")

    def _drain(self) -> list[dict[str, Any]]:
        messages = list(PageComm.outbox)
        PageComm.outbox.clear()
        return messages

    def _kernel(self, message: dict[str, Any]) -> list[dict[str, Any]]:
        found = comm.get_comm_manager().get_comm(message["comm_id"])
        assert found is not None, message
        found.handle_msg({"content": {"comm_id": message["comm_id"], "data": message["data"]},
                          "buffers": []})
        return self._drain()

    def settle(self) -> None:
        """Wait until the page has no message on its way to the kernel."""
        self.page.wait_for_function("!window.pending")

    def labels(self) -> list[str]:
        return self.root.locator("button.cartes-act").all_inner_texts()

    def click(self, label_start: str, **sliders: int) -> str:
        """Click the first button whose label starts with ``label_start``, its sliders set
        first; return the label clicked."""
        offers = self.root.locator("span.cartes-offer")
        for i in range(offers.count()):
            offer = offers.nth(i)
            label = offer.locator("button").inner_text()
            if label.startswith(label_start):
                for field, value in sliders.items():
                    offer.locator(f'input[data-field="{field}"]').fill(str(value))
                    assert offer.locator("output").first.inner_text() == str(value) or (
                        len(sliders) > 1)
                offer.locator("button").click()
                self.settle()
                return label
        raise AssertionError(f"no button {label_start!r} among {self.labels()}")

    def over(self) -> bool:
        return self.root.locator("button.cartes-deal").count() == 1


@pytest.fixture
def host(browser: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    monkeypatch.setattr(comm, "create_comm", PageComm)
    PageComm.outbox.clear()
    made: list[Host] = []

    def make(widget: Any) -> Host:
        made.append(Host(browser, widget))
        return made[-1]

    yield make
    for one in made:
        one.page.close()


def shoot(host: Host, name: str, tmp_path: Path) -> None:
    folder = Path(SHOTS) if SHOTS else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    host.root.screenshot(path=str(folder / f"widget-{name}.png"))


def result_line(payoffs: tuple[int, ...]) -> str:
    return "result: " + ", ".join(f"seat {s} {p:+d}" for s, p in enumerate(payoffs))


def check_the_end(host: Host) -> None:
    """The final table shows the hand's payoffs, and the message the person's result."""
    assert host.over(), host.labels()
    state = host.widget.state
    assert state.is_terminal
    text = host.root.inner_text()
    assert result_line(state.payoffs) in text
    won = state.payoffs[host.widget.seat]
    said = {1: f"you won {won}", -1: f"you lost {-won}", 0: "you broke even"}
    assert said[(won > 0) - (won < 0)] in host.root.locator(".cartes-play-message").inner_text()
    log = host.root.locator("ol.cartes-play-log li").all_inner_texts()
    assert log[-1].startswith("Hand over")
    assert host.labels() == []


def test_a_hand_of_stud_clicked_to_the_end(host: Any, tmp_path: Path) -> None:
    game = games.get("seven-card-stud", players=3)
    page = host(play(game, [None, CallingStation(), RandomAgent(5)], seed=11))
    assert page.root.locator('tr.cartes-seat[data-seat="0"]').count() == 1
    # the person's two hole cards face up, the others' as backs
    own = page.root.locator('tr.cartes-seat[data-seat="0"] svg.cartes-card')
    assert own.count() == 3
    assert own.nth(0).get_attribute("data-card") != "back"
    assert page.root.locator('svg[data-card="back"]').count() == 4
    streets = set()
    for _ in range(40):
        if page.over():
            break
        labels = page.labels()
        assert labels == [page.widget.view["offers"][i]["label"] for i in range(len(labels))]
        streets.add(page.widget.state.street)
        if page.widget.state.street == 5:
            shoot(page, "stud", tmp_path)
        choice = next(w for w in ("check", "call", "bring-in", "show", "complete", "bet")
                      if any(label.startswith(w) for label in labels))
        page.click(choice)
    check_the_end(page)
    assert len(streets) >= 3  # played over several streets, not folded at once


def test_a_hand_of_calatone_with_the_sliders(host: Any, tmp_path: Path) -> None:
    game = games.get("calatone", players=2)
    page = host(play(game, [None, CallingStation()], seed=4))
    bets = []
    shot = False
    for _ in range(60):
        if page.over():
            break
        labels = page.labels()
        if len(page.widget.state.history) > 20 and not shot:
            shoot(page, "calatone", tmp_path)
            shot = True
        ranged = page.root.locator('span.cartes-offer:has(input[data-field="amount"])')
        if ranged.count():
            offer = ranged.first
            slider = offer.locator('input[data-field="amount"]')
            low, high = int(slider.get_attribute("min")), int(slider.get_attribute("max"))
            amount = (low + high + 1) // 2
            before = len(page.widget.state.history)
            page.click(offer.locator("button").inner_text(), amount=amount)
            acted = [e for e in page.widget.state.history[before:] if e.seat == 0]
            assert acted, "the click applied nothing"
            assert getattr(acted[0], "amount", None) == amount, acted
            bets.append(amount)
            continue
        choice = next(w for w in ("expose", "declare", "check", "call", "raise")
                      if any(label.startswith(w) for label in labels))
        page.click(choice)
    check_the_end(page)
    assert bets, "the hand offered no bet to set with a slider"


def test_a_hand_of_siete_y_medio_and_the_next(host: Any, tmp_path: Path) -> None:
    game = games.get("siete-y-medio", players=3)
    page = host(play(game, [ThresholdAgent(), None, ThresholdAgent()], seed=2))
    labels = page.labels()
    bet = next(label for label in labels if label.startswith("bet"))
    top = int(re.search(r"-(\d+)", bet).group(1))
    page.click("bet", amount=top)
    assert page.widget.state.observation(1).committed[1] == top
    shoot(page, "siete-y-medio", tmp_path)
    drawn = 0
    for _ in range(20):
        if page.over():
            break
        labels = page.labels()
        if drawn and any(label == "stand" for label in labels):
            page.click("stand")
        elif any(label.startswith("draw face up") for label in labels):
            page.click("draw face up")
            drawn += 1
        else:
            page.click(labels[0])
    check_the_end(page)
    assert drawn
    # the bank's hand is on the final table, its cards face up
    bank = page.root.locator('tr.cartes-seat[data-seat="0"] svg.cartes-card')
    assert bank.count() >= 1
    assert all(bank.nth(i).get_attribute("data-card") != "back" for i in range(bank.count()))
    # the next hand: dealt with the bank on, the buttons back
    page.root.locator("button.cartes-deal").click()
    page.settle()
    assert page.widget.hands_played == 2
    assert not page.over()
    assert page.labels()
    assert "Hand over" not in page.root.locator(".cartes-play-log").inner_text()
