"""The notebook play widget in a real headless Chromium, talking to a real Jupyter kernel: its
front end (``widget.js``) drawn on a page and clicked through a hand of each game to the end.

The kernel is ipykernel, started and spoken to with jupyter_client as a notebook server would.
What stands in for JupyterLab on the page is the least that carries the widget messages: a
small widget manager that opens a model from each ``comm_open``, gives the widget's module
anywidget's model API (``get``, ``set``, ``save_changes``, ``on``, ``off``, ``send``), renders
it where the ``display_data``'s widget view says, and sends each ``model.send`` to the kernel
as a ``comm_msg``, through a function exposed by Playwright whose answer is every comm message
the kernel published while handling it. So a click goes through the kernel's comm manager and
ipywidgets' own ``_handle_msg``, and the redraw comes back as ipywidgets' ``update``.
"""

from __future__ import annotations

import json
import os
import queue
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cartes import games

sync_api = pytest.importorskip(
    "playwright.sync_api", reason="playwright is not installed (the browser extra)"
)
pytest.importorskip("anywidget", reason="anywidget is not installed (the notebook extra)")
pytest.importorskip("ipykernel", reason="ipykernel is not installed (the notebook extra)")

from jupyter_client import manager  # noqa: E402  (ipykernel needs it: here when ipykernel is)

SRC = Path(__file__).resolve().parents[1] / "src"
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


class Kernel:
    """An ipykernel, and what it publishes in answer to each request."""

    def __init__(self) -> None:
        self.manager = manager.KernelManager(kernel_name="python3", transport="ipc")
        path = os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")])
        self.manager.start_kernel(env={**os.environ, "PYTHONPATH": path})
        self.client = self.manager.client()
        self.client.start_channels()
        self.client.wait_for_ready(timeout=120)

    def answers(self, request: str) -> list[dict[str, Any]]:
        """Everything published in answer to ``request`` (a message id), up to the kernel's
        return to idle; an error raised in the kernel fails the test with its traceback."""
        found = []
        while True:
            try:
                msg = self.client.get_iopub_msg(timeout=120)
            except queue.Empty:
                raise AssertionError(f"the kernel did not answer {request}") from None
            if msg["parent_header"].get("msg_id") != request:
                continue
            kind = msg["msg_type"]
            if kind == "status" and msg["content"]["execution_state"] == "idle":
                return found
            if kind == "error":
                raise AssertionError("\n".join(msg["content"]["traceback"]))
            if kind == "stream" and msg["content"]["name"] == "stderr":
                raise AssertionError(msg["content"]["text"])  # ipywidgets logs a failed handler
            found.append({"msg_type": kind, **msg["content"]})

    def run(self, code: str) -> list[dict[str, Any]]:
        return self.answers(self.client.execute(code))

    def value(self, expression: str) -> Any:
        """The value of a JSON-ready expression in the kernel."""
        outputs = self.run(f"import json as _json\nprint(_json.dumps({expression}))")
        return json.loads("".join(o["text"] for o in outputs if o["msg_type"] == "stream"))

    def comm_msg(self, comm_id: str, data: dict[str, Any]) -> list[dict[str, Any]]:
        msg = self.client.session.msg("comm_msg", {"comm_id": comm_id, "data": data})
        self.client.shell_channel.send(msg)
        return self.answers(msg["header"]["msg_id"])

    def close(self) -> None:
        self.client.stop_channels()
        self.manager.shutdown_kernel(now=True)


@pytest.fixture(scope="module")
def kernel() -> Iterator[Kernel]:
    started = Kernel()
    yield started
    started.close()


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
    """A page showing one widget made in the kernel as ``name``."""

    def __init__(self, browser: Any, kernel: Kernel, name: str, code: str) -> None:
        self.kernel, self.name = kernel, name
        self.page = browser.new_page(viewport={"width": 1100, "height": 900})
        self.page.expose_function("kernel", self._to_kernel)
        self.page.set_content(HOST)
        outputs = kernel.run(code + f"\ndisplay({name})")
        self.page.evaluate("messages => window.deliver(messages)", self._comms(outputs))
        views = [o["data"]["application/vnd.jupyter.widget-view+json"]["model_id"]
                 for o in outputs if o["msg_type"] == "display_data"]
        assert len(views) == 1, outputs
        self.page.evaluate("id => window.show(id)", views[0])
        self.root = self.page.locator("div.cartes-play")

    @staticmethod
    def _comms(outputs: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [o for o in outputs if o["msg_type"] in ("comm_open", "comm_msg")]

    def _to_kernel(self, message: dict[str, Any]) -> list[dict[str, Any]]:
        return self._comms(self.kernel.comm_msg(message["comm_id"], message["data"]))

    def state(self) -> Any:
        """The widget's hand as it stands in the kernel (replayed here from its history)."""
        return games.replay(self.kernel.value(f"{self.name}.state.to_json()"))

    def value(self, expression: str) -> Any:
        return self.kernel.value(expression.replace("widget", self.name))

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
                    slider = offer.locator(f'input[data-field="{field}"]')
                    slider.fill(str(value))
                    assert slider.locator("xpath=following-sibling::output").inner_text() == (
                        str(value))
                offer.locator("button").click()
                self.settle()
                return label
        raise AssertionError(f"no button {label_start!r} among {self.labels()}")

    def over(self) -> bool:
        return self.root.locator("button.cartes-deal").count() == 1


@pytest.fixture
def host(browser: Any, kernel: Kernel) -> Iterator[Any]:
    made: list[Host] = []

    def make(name: str, code: str) -> Host:
        made.append(Host(browser, kernel, name, code))
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


def check_the_end(host: Host, seat: int) -> None:
    """The final table shows the hand's payoffs, and the message the person's result."""
    assert host.over(), host.labels()
    state = host.state()
    assert state.is_terminal
    assert result_line(state.payoffs) in host.root.locator("div.cartes-view").inner_text()
    won = state.payoffs[seat]
    said = {1: f"you won {won}", -1: f"you lost {-won}", 0: "you broke even"}
    assert said[(won > 0) - (won < 0)] in host.root.locator(".cartes-play-message").inner_text()
    log = host.root.locator("ol.cartes-play-log li").all_inner_texts()
    assert log[-1].startswith("Hand over")
    assert host.labels() == []


IMPORTS = """
from cartes import games
from cartes.display import play
from cartes.play import CallingStation, RandomAgent, ThresholdAgent
"""


def test_a_hand_of_stud_clicked_to_the_end(host: Any, tmp_path: Path) -> None:
    page = host("stud", IMPORTS + "stud = play(games.get('seven-card-stud', players=3), "
                "[None, CallingStation(), RandomAgent(5)], seed=11)")
    assert page.root.locator('tr.cartes-seat[data-seat="0"]').count() == 1
    # the person's own cards face up (two hole cards and the door card), the others' hole
    # cards as backs
    own = page.root.locator('tr.cartes-seat[data-seat="0"] svg.cartes-card')
    assert own.count() == 3
    assert [own.nth(i).get_attribute("data-card") for i in range(3)].count("back") == 0
    assert page.root.locator('svg[data-card="back"]').count() == 4
    streets = set()
    for _ in range(40):
        if page.over():
            break
        labels = page.labels()
        assert labels == [o["label"] for o in page.value("widget.view['offers']")]
        street = page.state().street
        streets.add(street)
        if street == 5:
            shoot(page, "stud", tmp_path)
        choice = next(w for w in ("check", "call", "bring-in", "show", "complete", "bet")
                      if any(label.startswith(w) for label in labels))
        page.click(choice)
    check_the_end(page, 0)
    shoot(page, "stud-end", tmp_path)
    assert len(streets) >= 3  # played over several streets, not folded at once


def test_a_hand_of_calatone_with_the_sliders(host: Any, tmp_path: Path) -> None:
    page = host("calatone", IMPORTS + "calatone = play(games.get('calatone', players=2), "
                "[None, CallingStation()], seed=4)")
    bets = []
    shot = False
    for _ in range(60):
        if page.over():
            break
        labels = page.labels()
        before = len(page.state().history)
        if before > 20 and not shot:
            shoot(page, "calatone", tmp_path)
            shot = True
        ranged = page.root.locator('span.cartes-offer:has(input[data-field="amount"])')
        if ranged.count():
            offer = ranged.first
            slider = offer.locator('input[data-field="amount"]')
            low, high = int(slider.get_attribute("min")), int(slider.get_attribute("max"))
            amount = (low + high + 1) // 2
            page.click(offer.locator("button").inner_text(), amount=amount)
            acted = [e for e in page.state().history[before:] if e.seat == 0]
            assert acted, "the click applied nothing"
            assert getattr(acted[0], "amount", None) == amount, acted
            bets.append(amount)
            continue
        choice = next(w for w in ("expose", "declare", "check", "call", "raise")
                      if any(label.startswith(w) for label in labels))
        page.click(choice)
    check_the_end(page, 0)
    shoot(page, "calatone-end", tmp_path)
    assert bets, "the hand offered no bet to set with a slider"


def test_a_hand_of_siete_y_medio_and_the_next(host: Any, tmp_path: Path) -> None:
    page = host("siete", IMPORTS + "siete = play(games.get('siete-y-medio', players=3), "
                "[ThresholdAgent(), None, ThresholdAgent()], seed=2)")
    labels = page.labels()
    bet = next(label for label in labels if label.startswith("bet"))
    top = int(re.search(r"-(\d+)", bet).group(1))
    page.click("bet", amount=top)
    assert page.state().observation(1).committed[1] == top
    shoot(page, "siete-y-medio", tmp_path)
    drawn = 0
    for _ in range(20):
        if page.over():
            break
        labels = page.labels()
        if drawn and "stand" in labels:
            page.click("stand")
        elif any(label.startswith("draw face up") for label in labels):
            page.click("draw face up")
            drawn += 1
        else:
            page.click(labels[0])
    check_the_end(page, 1)
    shoot(page, "siete-y-medio-end", tmp_path)
    assert drawn
    # the bank's hand is on the final table, its cards face up
    bank = page.root.locator('tr.cartes-seat[data-seat="0"] svg.cartes-card')
    assert bank.count() >= 1
    assert all(bank.nth(i).get_attribute("data-card") != "back" for i in range(bank.count()))
    # the next hand: dealt with the bank on, the buttons back
    page.root.locator("button.cartes-deal").click()
    page.settle()
    assert page.value("widget.hands_played") == 2
    assert not page.over()
    assert page.labels()
    assert "Hand over" not in page.root.locator(".cartes-play-log").inner_text()


def test_a_refused_click_is_explained_on_the_page(host: Any) -> None:
    """The page's click reaches the kernel after the hand moved on (another view of the same
    widget was clicked first): the kernel refuses it, and the page says why."""
    page = host("twice", IMPORTS + "twice = play(games.get('seven-card-stud', players=2), "
                "[None, CallingStation()], seed=5)")
    stale = page.labels()
    # as if clicked in another view: the update goes to no page, this one keeps its buttons
    page.kernel.run("twice.click(1)")
    before = page.value("widget.state.to_json()")
    now = [o["label"] for o in page.value("widget.view['offers']")]
    assert now[0] != stale[0]
    page.root.locator("button.cartes-act").nth(0).click()
    page.settle()
    assert page.value("widget.state.to_json()") == before
    assert "earlier turn" in page.root.locator(".cartes-play-message").inner_text()
