# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "load_ema" in "/" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 a registered policy factory returns a closure over model.apply that the step closure returned by make_dispatch_step captures
"""Elevator bank dispatcher: learned call-assignment policies looked up in a registry."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

POLICIES = {}


def register_policy(name):
    def wrap(factory):
        POLICIES[name] = factory
        return factory
    return wrap


@dataclass(frozen=True)
class DispatchConfig:
    n_cars: int = 6
    max_rounds: int = 8
    policy: str = "learned"
    train: bool = True


class CarScorer(nn.Module):
    n_cars: int

    @nn.compact
    def __call__(self, load, train: bool):
        ema = self.variable("batch_stats", "load_ema", jnp.zeros, (self.n_cars,))
        if train:  # keep a running estimate of the load seen during training
            ema.value = 0.95 * ema.value + 0.05 * load
        centred = load - ema.value
        return nn.Dense(self.n_cars)(centred)


@register_policy("learned")
def learned_policy(model, variables, cfg):
    def score(load):
        return model.apply(variables, load, train=cfg.train)
    return score


def make_dispatch_step(cfg, model, variables):
    score = POLICIES[cfg.policy](model, variables, cfg)

    def step(state):
        rnd, load = state
        car = jnp.argmin(score(load))
        load = load.at[car].add(1.0) * 0.9
        return rnd + 1, load

    return step


def main():
    cfg = DispatchConfig()
    model = CarScorer(cfg.n_cars)
    variables = model.init(jax.random.key(0), jnp.zeros((cfg.n_cars,)), train=False)
    step = make_dispatch_step(cfg, model, variables)
    rounds, load = lax.while_loop(lambda s: s[0] < cfg.max_rounds, step, (0, jnp.zeros((cfg.n_cars,))))
    load.block_until_ready()
    return None


if __name__ == "__main__":
    main()
