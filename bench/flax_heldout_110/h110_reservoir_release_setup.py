# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[14,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 ReleasePolicy.__call__ runs the scan over inflow days itself; the setup-defined gate cell is first called inside the body, so init creates its params in the scan trace
"""Hydro reservoir: daily gate-release policy over a season of forecast inflows.

The policy carries a small recurrent state (storage, downstream stage) from day to day.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class ReleasePolicy(nn.Module):
    hidden: int = 8
    max_release: float = 120.0

    def setup(self):
        self.gate_cell = nn.Dense(self.hidden, name="gate_cell")
        self.release_head = nn.Dense(1, name="release_head")

    def __call__(self, inflows, storage0):
        def day(state, inflow):
            x = jnp.concatenate([state, inflow], axis=-1)
            state = jnp.tanh(self.gate_cell(x))
            return state, state

        init = jnp.zeros(storage0.shape[:-1] + (self.hidden,)) + storage0.mean(-1, keepdims=True)
        _, states = lax.scan(day, init, inflows)
        release = self.release_head(states)[..., 0]
        return self.max_release * nn.sigmoid(release)


class SeasonPlanner:
    def __init__(self, policy: ReleasePolicy):
        self.policy = policy

    def plan(self, variables, inflows, storage0):
        releases = self.policy.apply(variables, inflows, storage0)
        return releases.sum(0)


def main():
    inflows = jax.random.uniform(jax.random.key(0), (30, 3, 6))  # 30 days x 3 reservoirs x 6 tributaries
    storage0 = jnp.full((3, 4), 0.6)
    policy = ReleasePolicy()
    variables = policy.init(jax.random.key(1), inflows, storage0)
    totals = SeasonPlanner(policy).plan(variables, inflows, storage0)
    jax.block_until_ready(totals)
    return None
