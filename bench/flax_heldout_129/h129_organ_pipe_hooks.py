# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[9] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 trainer.fit() hands the model's per-step intermediates to every callback in trainer.callbacks from inside the scan body; PitchLogger keeps them
"""Voicing assistant for pipe-organ tuning: predict the pitch offset of each pipe per pass.

The trainer follows the usual callback protocol of the in-house training library: every step
calls `on_step` on each registered callback, and the pitch logger summarises at the end.
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import flax.linen as nn


class PitchOffsetNet(nn.Module):
    @nn.compact
    def __call__(self, spectrum):
        h = nn.Dense(12, name="harmonics")(spectrum)
        self.sow("intermediates", "harmonic_energy", jnp.square(h).mean(-1))
        return nn.Dense(1, name="cents")(nn.silu(h))[..., 0]


class Callback:
    def on_step(self, step_out: dict) -> None: ...

    def on_end(self) -> dict:
        return {}


class PitchLogger(Callback):
    def __init__(self):
        self.records: list = []

    def on_step(self, step_out):
        self.records.append(step_out["harmonic_energy"])

    def on_end(self):
        energy = jnp.stack(self.records)
        return {"mean_energy": energy.mean(), "worst_pipe": jnp.argmax(energy.max(0))}


class VoicingTrainer:
    def __init__(self, model, params, callbacks: list[Callback]):
        self.model = model
        self.params = params
        self.callbacks = callbacks

    def fit(self, passes):
        def body(total, spectrum):
            cents, state = self.model.apply(
                {"params": self.params}, spectrum, mutable=["intermediates"]
            )
            step_out = {"harmonic_energy": state["intermediates"]["harmonic_energy"][0]}
            for cb in self.callbacks:
                cb.on_step(step_out)
            return total + jnp.abs(cents).sum(), None

        total, _ = jax.lax.scan(body, jnp.zeros(()), passes)
        return total, [cb.on_end() for cb in self.callbacks]


def main():
    model = PitchOffsetNet()
    passes = jax.random.normal(jax.random.key(11), (6, 9, 16))
    params = model.init(jax.random.key(0), passes[0])["params"]
    trainer = VoicingTrainer(model, params, [PitchLogger()])
    trainer.fit(passes)
    return None
