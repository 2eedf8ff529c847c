# label: ok
# flax-error: none
# class: 5 make_dispatch_step wraps functools.partial(model.apply, mutable=["queue"]) in jax.checkpoint and returns the step function the jax.lax.while_loop body calls; the queue collection travels in the carry
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
    apply = jax.checkpoint(functools.partial(model.apply, mutable=["queue"]))
    params = variables["params"]

    def step(queue, calls):
        share, updates = apply({"params": params, "queue": queue}, calls)
        served = jnp.minimum(calls, cfg.served_per_step * share.max())
        return updates["queue"], calls - served, share

    return step


class GroupController:
    def __init__(self, cfg: BankConfig, step):
        self.cfg = cfg
        self.step = step

    def drain(self, queue, calls):
        def pending(state):
            t, _, calls = state
            return (t < self.cfg.max_steps) & (calls.sum() > 0.5)

        def advance(state):
            t, queue, calls = state
            queue, calls, _ = self.step(queue, calls)
            return t + 1, queue, calls

        return jax.lax.while_loop(pending, advance, (0, queue, calls))


def main():
    cfg = BankConfig()
    model = DispatchNet(cfg)
    calls = jnp.linspace(0.0, 3.0, cfg.n_floors)
    variables = model.init(jax.random.key(0), calls)
    controller = GroupController(cfg, make_dispatch_step(model, variables, cfg))
    steps, queue, left = controller.drain(variables["queue"], calls)
    print(int(steps), float(left.sum()), queue["load"])
    return None
