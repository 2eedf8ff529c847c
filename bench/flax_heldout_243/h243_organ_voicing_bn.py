# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the scan body in VoicingNet calls self.bank.voice(), which reaches the regulator BatchNorm of bank.stage; the session applies with mutable batch_stats
from __future__ import annotations

import weakref
from dataclasses import dataclass

import flax.linen as nn
import jax
import jax.numpy as jnp

lax = jax.lax


@dataclass(frozen=True)
class RankSpec:
    name: str
    pipes: int = 6
    footage: float = 8.0
    passes: int = 3


class PipeStage(nn.Module):
    pipes: int

    @nn.compact
    def __call__(self, pressure, train: bool):
        h = nn.Dense(self.pipes, name="coupler")(pressure)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.8, name="regulator")(h)
        return nn.gelu(h)


class RankBank(nn.Module):
    spec: RankSpec

    def setup(self):
        self.stage = PipeStage(self.spec.pipes)

    def voice(self, pressure, train: bool):
        return self.stage(pressure, train)


class VoicingNet(nn.Module):
    spec: RankSpec

    def setup(self):
        self.bank = RankBank(self.spec)
        self.readout = nn.Dense(1)

    def __call__(self, pressure, train: bool = True):
        if self.is_initializing():
            return self.readout(self.bank.voice(pressure, train))

        def one_pass(p, _):
            return self.bank.voice(p, train), None

        settled, _ = lax.scan(one_pass, pressure, None, length=self.spec.passes)
        return self.readout(settled)


class VoicingSession:
    def __init__(self, model: VoicingNet, variables):
        self._model_ref = weakref.ref(model)
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]

    @property
    def model(self) -> VoicingNet:
        model = self._model_ref()
        if model is None:
            raise RuntimeError("the voicing model was released before the session ended")
        return model

    def _variables(self):
        return {"params": self.params, "batch_stats": self.batch_stats}

    def regulate(self, pressure):
        out, updates = self.model.apply(self._variables(), pressure, train=True, mutable=["batch_stats"])
        self.batch_stats = updates["batch_stats"]
        return out

    def audition(self, pressure):
        return self.model.apply(self._variables(), pressure, train=False)


def wind_pressure(spec: RankSpec, batch: int = 4):
    mm_water = jnp.linspace(60.0, 95.0, spec.pipes, dtype=jnp.float32) / 100.0
    return jnp.tile(mm_water, (batch, 1)) * (8.0 / spec.footage)


def main():
    spec = RankSpec("principal")
    model = VoicingNet(spec)
    pressure = wind_pressure(spec)
    variables = model.init(jax.random.key(11), pressure, train=False)
    session = VoicingSession(model, variables)
    for _ in range(2):
        session.regulate(pressure)
    loudness = session.audition(pressure)
    jax.block_until_ready(loudness)
    return None
