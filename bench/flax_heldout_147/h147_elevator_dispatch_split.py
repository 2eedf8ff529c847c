# label: ok
# flax-error: none
# class: 5 make_dispatch_step (a factory) closes over model, variables and one exploration key split into one key per call, and returns the step function that the while_loop body calls with rngs={'explore': keys[i]}
"""Elevator group control: exploratory car assignment scores for a simulated morning peak."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class DispatchConfig:
    n_cars: int = 4
    n_calls: int = 6
    temperature: float = 0.5


class DispatchPolicy(nn.Module):
    n_cars: int
    temperature: float

    @nn.compact
    def __call__(self, call_features):
        logits = nn.Dense(self.n_cars)(call_features)
        gumbel = jax.random.gumbel(self.make_rng("explore"), logits.shape)
        return logits + self.temperature * gumbel


def make_dispatch_step(model, variables, key, call_features, n_calls):
    keys = jax.random.split(key, n_calls)

    def step(carry):
        i, scores = carry
        s = model.apply(variables, call_features, rngs={"explore": keys[i]})
        return i + 1, scores.at[i].set(s)

    return step


class GroupController:
    def __init__(self, cfg: DispatchConfig, seed: int = 0):
        self.cfg = cfg
        self.model = DispatchPolicy(cfg.n_cars, cfg.temperature)
        self.variables = self.model.init(
            {"params": jax.random.key(seed), "explore": jax.random.key(seed + 1)}, jnp.zeros((3,)))
        self.key = jax.random.key(seed + 2)

    def simulate(self, call_features):
        n = self.cfg.n_calls
        step = make_dispatch_step(self.model, self.variables, self.key, call_features, n)
        init = (0, jnp.zeros((n, self.cfg.n_cars)))
        _, scores = lax.while_loop(lambda c: c[0] < n, step, init)
        return scores


def main():
    hall_call = jnp.array([3.0, 1.0, 0.2])  # floor, direction, waiting minutes
    scores = GroupController(DispatchConfig()).simulate(hall_call)
    return scores
