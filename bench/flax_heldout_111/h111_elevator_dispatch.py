# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "load" in "/" because collection "queue" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 make_dispatch_step wraps functools.partial(model.apply, variables) in jax.checkpoint and returns the step function the jax.lax.while_loop body calls; the queue collection is updated inside
"""Elevator group dispatch: assigns waiting hall calls to cars step after step until the lobby
queue drains, tracking a per-car load estimate in a Flax variable collection."""

import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclass(frozen=True)
class BankConfig:
    n_cars: int = 4
    n_floors: int = 10
    max_steps: int = 12
    served_per_step: float = 3.0


class DispatchNet(nn.Module):
    cfg: BankConfig

    @nn.compact
    def __call__(self, calls):
        load = self.variable("queue", "load", jnp.zeros, (self.cfg.n_cars,))
        logits = nn.Dense(self.cfg.n_cars)(jnp.concatenate([calls, load.value]))
        share = nn.softmax(logits)
        load.value = 0.8 * load.value + share * calls.sum()
        return share


def make_dispatch_step(model, variables, cfg: BankConfig):
    apply = jax.checkpoint(functools.partial(model.apply, variables))

    def step(calls):
        share = apply(calls)
        served = jnp.minimum(calls, cfg.served_per_step * share.max())
        return calls - served, share

    return step


class GroupController:
    def __init__(self, cfg: BankConfig, step):
        self.cfg = cfg
        self.step = step

    def drain(self, calls):
        def pending(state):
            t, calls = state
            return (t < self.cfg.max_steps) & (calls.sum() > 0.5)

        def advance(state):
            t, calls = state
            calls, _ = self.step(calls)
            return t + 1, calls

        return jax.lax.while_loop(pending, advance, (0, calls))


def main():
    cfg = BankConfig()
    model = DispatchNet(cfg)
    calls = jnp.linspace(0.0, 3.0, cfg.n_floors)
    variables = model.init(jax.random.key(0), calls)
    controller = GroupController(cfg, make_dispatch_step(model, variables, cfg))
    steps, left = controller.drain(calls)
    print(int(steps), float(left.sum()))
    return None
