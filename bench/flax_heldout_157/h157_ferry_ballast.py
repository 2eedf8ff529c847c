# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 BallastController.settle runs lax.fori_loop and calls self.trim, a model.bind(variables) kept on the controller, in training mode so its BatchNorm tries to write batch_stats
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
        self.trim = model.bind(variables)
        self.adapt_online = adapt_online

    def settle(self, levels, sea_state, passes: int):
        def pump(i, levels):
            observation = jnp.concatenate([levels, sea_state[i]], axis=-1)
            adjust = self.trim(observation, train=self.adapt_online)
            return jnp.clip(levels - self.spec.pump_rate * adjust, 0.0, 1.0)

        return lax.fori_loop(0, passes, pump, levels)


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
