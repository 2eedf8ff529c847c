# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "calls_served" in "/" because collection "dispatch_counters" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 run_shift's local `variables` goes into the while_loop body directly and is applied read-only while the policy counts served calls
"""Elevator dispatch controller: a registry of dispatch policies; the up-peak policy scores the
cars for each hall call and counts the calls it served in a 'dispatch_counters' collection."""
import dataclasses
from typing import Callable, Dict

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import while_loop

_POLICIES: Dict[str, Callable[["ShiftConfig"], nn.Module]] = {}


def register_policy(name):
    def decorate(factory):
        _POLICIES[name] = factory
        return factory
    return decorate


@dataclasses.dataclass(frozen=True)
class ShiftConfig:
    policy: str = "up-peak"
    num_cars: int = 4
    floors: int = 12
    max_calls: int = 16


class ScoredDispatch(nn.Module):
    num_cars: int

    @nn.compact
    def __call__(self, call_features):
        served = self.variable("dispatch_counters", "calls_served", lambda: jnp.zeros((), jnp.int32))
        scores = nn.Dense(self.num_cars)(nn.relu(nn.Dense(16)(call_features)))
        if not self.is_initializing():
            served.value = served.value + 1
        return jnp.argmax(scores)


@register_policy("up-peak")
def up_peak_policy(config: ShiftConfig) -> nn.Module:
    return ScoredDispatch(config.num_cars)


class ElevatorController:
    def __init__(self, config: ShiftConfig, seed: int = 0):
        self.config = config
        self.policy = _POLICIES[config.policy](config)
        self.variables = self.policy.init(jax.random.key(seed), jnp.zeros((3,)))

    def run_shift(self, calls):
        variables = self.variables
        policy = self.policy
        floors = float(self.config.floors)

        def pending(state):
            i, _ = state
            return i < calls.shape[0]

        def dispatch(state):
            i, car_floor = state
            call = calls[i]
            car = policy.apply(variables, jnp.stack([call[0] / floors, call[1], car_floor.mean() / floors]))
            return i + 1, car_floor.at[car].set(call[0])

        _, car_floor = while_loop(pending, dispatch, (0, jnp.zeros((self.config.num_cars,))))
        return car_floor


def main():
    cfg = ShiftConfig()
    controller = ElevatorController(cfg)
    k1, k2 = jax.random.split(jax.random.key(4))
    calls = jnp.stack([jax.random.randint(k1, (cfg.max_calls,), 0, cfg.floors).astype(jnp.float32),
                       jax.random.choice(k2, jnp.array([-1.0, 1.0]), (cfg.max_calls,))], axis=-1)
    positions = controller.run_shift(calls)
    float(positions.sum())
    return None
