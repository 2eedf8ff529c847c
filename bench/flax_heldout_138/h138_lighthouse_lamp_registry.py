# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "burn_hours" in "/" because collection "wear" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 a LampState NamedTuple (model, variables) built by KeeperService.from_config from a decorator registry, reached as self.state.model.apply in the while_loop body
"""Lamp maintenance planner for a lighthouse authority.

Models are looked up in a registry by name; the keeper service estimates how
many nights the lamp can run before its health falls below the service
threshold. The wear model tracks cumulative burn hours.
"""
from typing import Any, NamedTuple

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

MODEL_REGISTRY: dict[str, type] = {}


def register(name: str):
    def decorator(cls):
        MODEL_REGISTRY[name] = cls
        return cls
    return decorator


@register("lamp_wear")
class LampWearModel(nn.Module):
    @nn.compact
    def __call__(self, load):
        burn_hours = self.variable("wear", "burn_hours", lambda: jnp.zeros(()))
        burn_hours.value = burn_hours.value + load.sum()
        return nn.sigmoid(nn.Dense(1)(load)[0] + 2.0 - 0.01 * burn_hours.value)


class LampState(NamedTuple):
    model: nn.Module
    variables: Any


class KeeperService:
    def __init__(self, state: LampState, threshold: float, max_nights: int):
        self.state = state
        self.threshold = threshold
        self.max_nights = max_nights

    @classmethod
    def from_config(cls, cfg: dict) -> "KeeperService":
        model = MODEL_REGISTRY[cfg["model"]]()
        variables = model.init(jax.random.key(cfg["seed"]), jnp.ones((cfg["n_features"],)))
        return cls(LampState(model, variables), cfg["threshold"], cfg["max_nights"])

    def nights_until_service(self, load):
        def cond(carry):
            night, health = carry
            return (health > self.threshold) & (night < self.max_nights)

        def body(carry):
            night, health = carry
            tonight = self.state.model.apply(self.state.variables, load * (1.0 + 0.02 * night))
            return night + 1, jnp.minimum(health, tonight)

        nights, _ = lax.while_loop(cond, body, (jnp.int32(0), jnp.float32(1.0)))
        return nights


def main():
    cfg = {"model": "lamp_wear", "seed": 5, "n_features": 3, "threshold": 0.3, "max_nights": 40}
    service = KeeperService.from_config(cfg)
    service.nights_until_service(jnp.array([0.6, 0.4, 0.9]))
    return None
