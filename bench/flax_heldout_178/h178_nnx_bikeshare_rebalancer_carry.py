# label: ok
# flax-error: none
# class: 4 RebalanceScheduler.run -> self.planner.plan; the planner's model (DemandTrace Variable subclass) is split into the while_loop state and merged in the body
"""Bike-share rebalancing: a scheduler moves bikes between docks until the imbalance is small enough."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx


@dataclasses.dataclass(frozen=True)
class RebalanceConfig:
    docks: int = 6
    max_moves: int = 15
    tolerance: float = 0.5


class DemandTrace(nnx.Variable):
    """Exponentially smoothed dock demand, kept next to the parameters."""


class DockModel(nnx.Module):
    def __init__(self, docks, *, rngs):
        self.proj = nnx.Linear(docks, docks, rngs=rngs)
        self.demand = DemandTrace(jnp.zeros((docks,)))

    def __call__(self, bikes):
        self.demand[...] = 0.9 * self.demand[...] + 0.1 * bikes
        return jax.nn.softmax(self.proj(bikes - self.demand[...]))


class Planner:
    def __init__(self, model):
        self.model = model

    def plan(self, model, bikes):
        target = model(bikes) * bikes.sum()
        return 0.5 * (target - bikes)


class RebalanceScheduler:
    def __init__(self, planner, config):
        self.planner = planner
        self.config = config

    def run(self, bikes):
        cfg = self.config
        graphdef, params, trace = nnx.split(self.planner.model, nnx.Param, DemandTrace)

        def unbalanced(state):
            bikes, moves, _ = state
            return (jnp.abs(bikes - bikes.mean()).max() > cfg.tolerance) & (moves < cfg.max_moves)

        def move(state):
            bikes, moves, trace = state
            model = nnx.merge(graphdef, params, trace)
            bikes = bikes + self.planner.plan(model, bikes)
            return bikes, moves + 1, nnx.state(model, DemandTrace)

        bikes, moves, trace = jax.lax.while_loop(
            unbalanced, move, (bikes, jnp.zeros((), jnp.int32), trace)
        )
        nnx.update(self.planner.model, trace)
        return bikes, moves


def restore(model, saved):
    state = nnx.state(model)
    nnx.replace_by_pure_dict(state, saved)
    nnx.update(model, state)
    return model


def main():
    config = RebalanceConfig()
    saved = nnx.state(DockModel(config.docks, rngs=nnx.Rngs(5))).to_pure_dict()
    model = restore(DockModel(config.docks, rngs=nnx.Rngs(0)), saved)
    scheduler = RebalanceScheduler(Planner(model), config)
    bikes, moves = scheduler.run(jnp.array([12.0, 0.0, 3.0, 9.0, 1.0, 5.0]))
    print("moves", int(moves), "bikes", bikes)
    return None
