# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 HiveAcousticModel scans frames and the body hands self to each hook in a CallbackList; the hooks sow into the module's intermediates
"""Beehive acoustic monitoring: swarm-risk scoring with pluggable per-frame diagnostics hooks."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import jax
import jax.numpy as jnp
from flax import linen as nn


class FrameHook:
    name = "hook"

    def on_frame(self, module: nn.Module, hidden: jax.Array) -> None:
        raise NotImplementedError


class BuzzEnergyHook(FrameHook):
    name = "buzz_energy"

    def on_frame(self, module, hidden):
        module.sow("intermediates", self.name, jnp.mean(hidden ** 2))


class QueenPipingHook(FrameHook):
    name = "piping_peak"

    def on_frame(self, module, hidden):
        module.sow("intermediates", self.name, jnp.max(hidden))


@dataclass(frozen=True)
class CallbackList:
    hooks: tuple = ()

    def on_frame(self, module, hidden):
        for hook in self.hooks:
            hook.on_frame(module, hidden)


class HiveAcousticModel(nn.Module):
    hidden: int = 8
    callbacks: CallbackList = CallbackList()

    def setup(self):
        self.frame_encoder = nn.Dense(self.hidden)
        self.risk = nn.Dense(1)

    def __call__(self, spectrogram):  # [frames, hives, bins]
        state = jnp.zeros(spectrogram.shape[1:-1] + (self.hidden,))
        if self.is_initializing():
            return self.risk(self.frame_encoder(spectrogram[0]))

        def frame_step(state, frame):
            state = 0.8 * state + 0.2 * jnp.tanh(self.frame_encoder(frame))
            self.callbacks.on_frame(self, state)
            return state, None

        state, _ = jax.lax.scan(frame_step, state, spectrogram)
        return self.risk(state)


class ApiaryMonitor:
    def __init__(self, model: HiveAcousticModel, variables):
        self.model, self.variables = model, variables

    def report(self, spectrogram):
        risk, diag = self.model.apply(self.variables, spectrogram, mutable=["intermediates"])
        summary = {name: float(jnp.mean(jnp.stack(values))) for name, values in diag["intermediates"].items()}
        return risk, summary


def main():
    spectrogram = jax.random.uniform(jax.random.key(0), (16, 3, 6))
    model = HiveAcousticModel(callbacks=CallbackList((BuzzEnergyHook(), QueenPipingHook())))
    monitor = ApiaryMonitor(model, model.init(jax.random.key(1), spectrogram))
    risk, summary = monitor.report(spectrogram)
    print(risk.ravel(), summary)
    return None
