# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "seen" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 ForecastTrainer.state (flax.struct.dataclass) apply_fn and params used in the while_loop body; decode cache collection not made mutable
"""Autoregressive power forecaster for a wind farm, decoded step by step.

The trainer keeps a struct dataclass with the apply function, params and the decode
cache; rollout decodes until the horizon is reached.
"""
from typing import Any, Callable

import jax
import jax.numpy as jnp
from flax import linen as nn
from flax import struct

lax = jax.lax


class PowerDecoder(nn.Module):
    features: int = 6

    @nn.compact
    def __call__(self, obs):
        seen = self.variable("cache", "seen", lambda: jnp.zeros((self.features,)))
        step = self.variable("cache", "step", lambda: jnp.zeros((), jnp.int32))
        h = nn.tanh(nn.Dense(self.features)(obs))
        if not self.is_initializing():
            seen.value = seen.value + h
            step.value = step.value + 1
        return nn.Dense(1)(h + seen.value / jnp.maximum(step.value, 1))[0]


@struct.dataclass
class ForecastState:
    apply_fn: Callable = struct.field(pytree_node=False)
    params: Any
    cache: Any


class ForecastTrainer:
    def __init__(self, model, obs):
        variables = model.init(jax.random.key(0), obs)
        self.state = ForecastState(model.apply, variables["params"], variables["cache"])

    def rollout(self, obs, horizon):
        st = self.state

        def cond(carry):
            return carry[0] < horizon

        def body(carry):
            t, x, total = carry
            y = st.apply_fn({"params": st.params, "cache": st.cache}, x)
            return t + 1, jnp.roll(x, 1).at[0].set(y), total + y

        return lax.while_loop(cond, body, (0, obs, jnp.zeros(())))[2]


def main():
    obs = jax.random.normal(jax.random.key(1), (6,))
    trainer = ForecastTrainer(PowerDecoder(), obs)
    trainer.rollout(obs, horizon=5)
    return None
