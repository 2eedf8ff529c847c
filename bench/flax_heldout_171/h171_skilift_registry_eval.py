# label: ok
# flax-error: none
# class: 5 a decorator registry maps "lift_queue" to a builder that binds the eval-mode model to its variables and returns the step the while_loop body calls
"""Ski-lift queue simulator: a registered step function drains the base-station queue."""
import dataclasses
from typing import Callable, Dict

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

STEP_BUILDERS: Dict[str, Callable] = {}


def register_step(name: str):
    def decorator(builder):
        STEP_BUILDERS[name] = builder
        return builder

    return decorator


@dataclasses.dataclass(frozen=True)
class ResortConfig:
    train: bool = False
    max_minutes: int = 30
    chair_capacity: float = 4.0


class ThroughputNet(nn.Module):
    train: bool

    @nn.compact
    def __call__(self, obs):
        h = nn.Dense(8)(obs)
        h = nn.BatchNorm(use_running_average=not self.train)(h[None])[0]
        return nn.sigmoid(nn.Dense(1)(h))[0]


@register_step("lift_queue")
def build_lift_queue_step(model: nn.Module, variables, config: ResortConfig):
    bound = model.bind(variables)

    def step(state):
        minute, queue = state
        obs = jnp.stack([queue, minute / config.max_minutes, jnp.sin(minute)])
        loaded = config.chair_capacity * (1.0 + bound(obs))
        return minute + 1, jnp.maximum(queue - loaded, 0.0)

    return step


def drain_queue(config: ResortConfig, variables, initial_queue):
    model = ThroughputNet(train=config.train)
    step = STEP_BUILDERS["lift_queue"](model, variables, config)
    cond = lambda state: (state[1] > 0) & (state[0] < config.max_minutes)
    return lax.while_loop(cond, step, (0, initial_queue))


def main():
    config = ResortConfig()
    variables = ThroughputNet(train=False).init(jax.random.key(0), jnp.zeros(3))
    minutes, queue = drain_queue(config, variables, jnp.asarray(60.0))
    float(queue)
    return None
