# label: ok
# flax-error: none
# class: 4 the scan body in VoicingNet calls self.bank.voice(), which reaches the regulator BatchNorm of bank.stage; the session applies in evaluation mode
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

    def __call__(self, pressure, train: bool = False):
        if self.is_initializing():
            return self.readout(self.bank.voice(pressure, train))

        def one_pass(p, _):
            return self.bank.voice(p, train), None

        settled, _ = lax.scan(one_pass, pressure, None, length=self.spec.passes)
        return self.readout(settled)


class AuditionSession:
    def __init__(self, model: VoicingNet, variables):
        self._model_ref = weakref.ref(model)
        self.variables = variables
        self.history = []

    @property
    def model(self) -> VoicingNet:
        model = self._model_ref()
        if model is None:
            raise RuntimeError("the voicing model was released before the session ended")
        return model

    def audition(self, pressure):
        loudness = self.model.apply(self.variables, pressure, train=False)
        self.history.append(loudness)
        return loudness

    def spread(self):
        stacked = jnp.stack(self.history)
        return jnp.max(stacked) - jnp.min(stacked)


def wind_pressure(spec: RankSpec, batch: int = 4):
    mm_water = jnp.linspace(60.0, 95.0, spec.pipes, dtype=jnp.float32) / 100.0
    return jnp.tile(mm_water, (batch, 1)) * (8.0 / spec.footage)


def main():
    spec = RankSpec("principal")
    model = VoicingNet(spec)
    pressure = wind_pressure(spec)
    variables = model.init(jax.random.key(11), pressure, train=False)
    session = AuditionSession(model, variables)
    for scale in (1.0, 0.9):
        session.audition(pressure * scale)
    jax.block_until_ready(session.spread())
    return None
