# label: ok
# flax-error: none
# class: 1 CraneScheduler.__call__ owns the sown intermediates; its scan body returns the hoist time of every move as ys and the method sows them after the loop
from typing import Callable, Dict, List

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class CraneScheduler(nn.Module):
    cranes: int = 3

    @nn.compact
    def __call__(self, moves):
        estimator = nn.Dense(self.cranes, name="hoist_estimator")
        idle = nn.softplus(estimator(jnp.zeros_like(moves[0])))

        def plan_move(backlog, move):
            hoist = nn.softplus(estimator(move)) - idle
            backlog = jnp.maximum(backlog + hoist - 1.0, 0.0)
            return backlog, hoist

        backlog, hoist_times = scan(plan_move, jnp.zeros((self.cranes,)), moves)
        self.sow("intermediates", "hoist_time", hoist_times)
        return backlog


Hook = Callable[[Dict], Dict[str, jax.Array]]


class TerminalRunner:
    def __init__(self, model: CraneScheduler):
        self.model = model
        self.hooks: List[Hook] = []

    def on_evaluate(self, hook: Hook) -> Hook:
        self.hooks.append(hook)
        return hook

    def evaluate(self, params, moves):
        backlog, state = self.model.apply({"params": params}, moves, mutable=["intermediates"])
        metrics = {"backlog": backlog.sum()}
        for hook in self.hooks:
            metrics.update(hook(state["intermediates"]))
        return metrics


def build_runner() -> TerminalRunner:
    runner = TerminalRunner(CraneScheduler())

    @runner.on_evaluate
    def hoist_summary(intermediates):
        (times,) = intermediates["hoist_time"]
        return {"mean_hoist": jnp.mean(times), "peak_hoist": jnp.max(times)}

    return runner


def vessel_manifest(key, n_moves=5, features=4):
    return jax.random.uniform(key, (n_moves, features))


def main():
    runner = build_runner()
    moves = vessel_manifest(jax.random.key(21))
    params = runner.model.init(jax.random.key(0), moves)["params"]
    metrics = runner.evaluate(params, moves)
    jax.block_until_ready(metrics)
    return None
