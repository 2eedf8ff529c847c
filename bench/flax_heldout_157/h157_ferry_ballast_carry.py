# label: ok
# flax-error: none
# class: 3 BallastController.settle runs lax.fori_loop; the body applies self.model with the controller's params and mutable batch_stats carried through the loop, and the statistics are stored back after it
"""Ballast trim controller for a roll-on/roll-off ferry."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class HullSpec:
    tanks: int = 6
    sea_features: int = 3
    pump_rate: float = 0.05


class TrimPolicy(nn.Module):
    tanks: int

    @nn.compact
    def __call__(self, observation, train: bool = False):
        h = nn.Dense(16)(observation)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return jnp.tanh(nn.Dense(self.tanks)(nn.relu(h)))


class BallastController:
    def __init__(self, spec: HullSpec, model: TrimPolicy, variables, *, adapt_online: bool = True):
        self.spec = spec
        self.model = model
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]
        self.adapt_online = adapt_online

    def settle(self, levels, sea_state, passes: int):
        def pump(i, carry):
            levels, batch_stats = carry
            observation = jnp.concatenate([levels, sea_state[i]], axis=-1)
            adjust, updates = self.model.apply(
                {"params": self.params, "batch_stats": batch_stats}, observation,
                train=self.adapt_online, mutable=["batch_stats"])
            levels = jnp.clip(levels - self.spec.pump_rate * adjust, 0.0, 1.0)
            return levels, updates["batch_stats"]

        levels, self.batch_stats = lax.fori_loop(0, passes, pump, (levels, self.batch_stats))
        return levels


def main():
    spec = HullSpec()
    berths, passes = 4, 5
    levels = jnp.full((berths, spec.tanks), 0.5)
    sea_state = jax.random.normal(jax.random.key(5), (passes, berths, spec.sea_features))
    model = TrimPolicy(spec.tanks)
    variables = model.init(jax.random.key(0), jnp.concatenate([levels, sea_state[0]], -1))
    controller = BallastController(spec, model, variables)
    settled = controller.settle(levels, sea_state, passes)
    print("final trim", float(settled.mean()))
    return None
