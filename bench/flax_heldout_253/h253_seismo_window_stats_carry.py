# label: ok
# flax-error: none
# class: 4 runner.trainer.bundle batch_stats travel through the scan carry and are stored after the loop
"""Training a pick classifier over station windows for a regional seismograph network."""
from __future__ import annotations

import dataclasses
from typing import Any, Callable

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class NetworkConfig:
    channels: int = 3
    window: int = 8
    hidden: int = 16
    steps: int = 4
    learning_rate: float = 0.05
    seed: int = 7


class WaveformEncoder(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, windows, train: bool = True):
        h = nn.Dense(self.hidden)(windows.reshape(windows.shape[0], -1))
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return nn.Dense(1)(nn.relu(h))[:, 0]


@dataclasses.dataclass
class TrainBundle:
    params: Any
    batch_stats: Any


class WindowTrainer:
    def __init__(self, model: WaveformEncoder, bundle: TrainBundle, cfg: NetworkConfig):
        self.model = model
        self.bundle = bundle
        self.cfg = cfg

    def _loss(self, params, batch_stats, windows, picks):
        logits, updates = self.model.apply(
            {"params": params, "batch_stats": batch_stats}, windows, train=True, mutable=["batch_stats"]
        )
        probs = jax.nn.sigmoid(logits)
        return jnp.mean((probs - picks) ** 2), updates

    def fit(self, windows, picks):
        grad_fn = jax.value_and_grad(self._loss, has_aux=True)

        def step(carry, _):
            params, batch_stats = carry
            (loss, updates), grads = grad_fn(params, batch_stats, windows, picks)
            params = jax.tree.map(lambda p, g: p - self.cfg.learning_rate * g, params, grads)
            return (params, updates["batch_stats"]), loss

        init = (self.bundle.params, self.bundle.batch_stats)
        (params, batch_stats), losses = jax.lax.scan(step, init, None, length=self.cfg.steps)
        self.bundle.params = params
        self.bundle.batch_stats = batch_stats
        return losses

    def evaluate(self, windows):
        variables = {"params": self.bundle.params, "batch_stats": self.bundle.batch_stats}
        return jax.nn.sigmoid(self.model.apply(variables, windows, train=False))


class StationRunner:
    def __init__(self, trainer: WindowTrainer, station: str):
        self.trainer = trainer
        self.station = station

    def nightly(self, windows, picks):
        losses = self.trainer.fit(windows, picks)
        scores = self.trainer.evaluate(windows)
        return losses, scores


class Container:
    def __init__(self, cfg: NetworkConfig):
        self.cfg = cfg
        self._providers: dict[str, Callable[[Container], Any]] = {}
        self._instances: dict[str, Any] = {}

    def register(self, name: str, provider: Callable[[Container], Any]) -> None:
        self._providers[name] = provider

    def resolve(self, name: str):
        if name not in self._instances:
            self._instances[name] = self._providers[name](self)
        return self._instances[name]


def _make_bundle(c: Container) -> TrainBundle:
    cfg = c.cfg
    sample = jnp.zeros((2, cfg.window, cfg.channels))
    variables = c.resolve("model").init(jax.random.key(cfg.seed), sample, train=False)
    return TrainBundle(params=variables["params"], batch_stats=variables["batch_stats"])


def build_container(cfg: NetworkConfig) -> Container:
    c = Container(cfg)
    c.register("model", lambda c: WaveformEncoder(hidden=c.cfg.hidden))
    c.register("bundle", _make_bundle)
    c.register("trainer", lambda c: WindowTrainer(c.resolve("model"), c.resolve("bundle"), c.cfg))
    c.register("runner", lambda c: StationRunner(c.resolve("trainer"), station="KMA-04"))
    return c


def main():
    cfg = NetworkConfig()
    runner = build_container(cfg).resolve("runner")
    key_w, key_p = jax.random.split(jax.random.key(3))
    windows = jax.random.normal(key_w, (6, cfg.window, cfg.channels))
    picks = (jax.random.uniform(key_p, (6,)) > 0.5).astype(jnp.float32)
    losses, scores = runner.nightly(windows, picks)
    jax.block_until_ready((losses, scores))
    return None
