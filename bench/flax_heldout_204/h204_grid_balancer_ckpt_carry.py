# label: ok
# flax-error: none
# class: 5 GridBalancer wraps its rebalance step in jax.checkpoint; call count and last imbalance ride in the while_loop carry and are written to 'telemetry' after the loop
"""Energy-grid load balancing: redistribute load across feeders iteratively until the
imbalance falls under a tolerance. Each rebalancing block records telemetry (number of
calls and the last imbalance) for the grid operator's dashboard."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class FeederBlock(nn.Module):
    n_feeders: int

    @nn.compact
    def __call__(self, load):
        transfer = nn.tanh(nn.Dense(self.n_feeders)(load - load.mean()))
        new_load = load - 0.3 * (load - load.mean()) + 0.01 * transfer
        imbalance = jnp.max(jnp.abs(new_load - new_load.mean()))
        return new_load, imbalance


class GridBalancer(nn.Module):
    n_feeders: int
    tol: float = 0.05
    max_iters: int = 50

    @nn.compact
    def __call__(self, load):
        calls = self.variable("telemetry", "calls", jnp.zeros, (), jnp.float32)
        last = self.variable("telemetry", "imbalance", jnp.zeros, (), jnp.float32)
        block = FeederBlock(self.n_feeders, name="block")
        _, first_imbalance = block(load)

        def not_done(state):
            _, imbalance, it = state
            return (imbalance > self.tol) & (it < self.max_iters)

        def rebalance(state):
            load, _, it = state
            load, imbalance = block(load)
            return load, imbalance, it + 1

        # trade compute for memory on long rebalancing runs
        rebalance = jax.checkpoint(rebalance)
        load, imbalance, iters = jax.lax.while_loop(not_done, rebalance, (load, first_imbalance, 0))
        if not self.is_initializing():
            calls.value = calls.value + 1.0 + iters.astype(jnp.float32)
            last.value = imbalance
        return load, iters


class GridOperator:
    def __init__(self, n_feeders: int):
        self.model = GridBalancer(n_feeders)
        self.variables = self.model.init(jax.random.key(0), jnp.ones((n_feeders,)))
        self.dashboard = {"calls": jnp.zeros(()), "imbalance": jnp.zeros(())}

    def dispatch(self, load):
        (balanced, iters), updates = self.model.apply(self.variables, load, mutable=["telemetry"])
        tel = updates["telemetry"]
        self.dashboard = {k: self.dashboard[k] + tel[k] for k in self.dashboard}
        return balanced, iters


def main():
    operator = GridOperator(n_feeders=6)
    load = jnp.array([3.0, 0.5, 1.2, 4.1, 0.2, 2.0])
    balanced, iters = operator.dispatch(load)
    print(balanced, iters, operator.dashboard)
    return None
