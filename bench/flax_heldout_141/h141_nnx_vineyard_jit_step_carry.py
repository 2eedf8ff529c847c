# label: ok
# flax-error: none
# class: 5 a FrostFanScheduler keeps self._step = jax.jit(partial(pure_frost_step, graphdef)) on itself; the model state is split before the jax.lax.scan and travels in its carry
"""Vineyard frost protection: each hour of a cold night a risk model scores every block of vines
and the scheduler decides which wind machines to run. The per-hour step is compiled once with
jax.jit and kept on the scheduler, as the control service does."""
import functools

import jax
import jax.numpy as jnp
import flax.nnx as nnx


class FrostRisk(nnx.Module):
    def __init__(self, n_sensors: int, rngs: nnx.Rngs):
        self.enc = nnx.Linear(n_sensors, 8, rngs=rngs)
        self.risk = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, readings):
        return nnx.sigmoid(self.risk(nnx.relu(self.enc(readings))))[..., 0]


def pure_frost_step(graphdef, state, readings, threshold):
    model = nnx.merge(graphdef, state)
    risk = model(readings)
    return nnx.state(model), risk, (risk > threshold).astype(jnp.float32)


class FrostFanScheduler:
    def __init__(self, model: FrostRisk, threshold: float = 0.5):
        self.model = model
        self.threshold = threshold
        self._graphdef, _ = nnx.split(model)
        self._step = jax.jit(functools.partial(pure_frost_step, self._graphdef))

    def run_night(self, night):
        def hour(carry, readings):
            state, fan_hours = carry
            state, _, fans_on = self._step(state, readings, self.threshold)
            return (state, fan_hours + fans_on), fans_on

        init = (nnx.state(self.model), jnp.zeros(night.shape[1]))
        (state, fan_hours), fans = jax.lax.scan(hour, init, night)
        nnx.update(self.model, state)
        return fan_hours, fans


def main():
    night = jax.random.normal(jax.random.key(0), (10, 6, 4))  # hours x blocks x sensors
    scheduler = FrostFanScheduler(FrostRisk(4, nnx.Rngs(0)))
    fan_hours, _ = scheduler.run_night(night)
    print("fan hours per block", fan_hours)
    return None
