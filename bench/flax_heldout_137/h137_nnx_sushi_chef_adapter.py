# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a PortionStation's ModelAdapter delegates attribute access to its wrapped module through __getattr__; the lax.while_loop body re-loads the adapter from the carried state, and the adapter's norm statistics are read through it after the loop
"""Sushi conveyor belt: adapt the rice-portion advisor to the evening's orders until portions settle."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class PortionAdvisor(nnx.Module):
    def __init__(self, n_items, rngs: nnx.Rngs):
        self.embed = nnx.Linear(n_items, 16, rngs=rngs)
        self.norm = nnx.BatchNorm(16, momentum=0.8, rngs=rngs)
        self.grams = nnx.Linear(16, 1, rngs=rngs)

    def suggest(self, orders):
        return 18.0 + 4.0 * jnp.tanh(self.grams(nnx.relu(self.norm(self.embed(orders)))))[..., 0]


class ModelAdapter:
    """Wraps a module split into graphdef/state; attribute access goes to the live module."""

    def __init__(self, module):
        self.graphdef, state = nnx.split(module)
        self.module = nnx.merge(self.graphdef, state)

    def load(self, state):
        self.module = nnx.merge(self.graphdef, state)
        return self

    def __getattr__(self, name):
        return getattr(self.__dict__["module"], name)


class PortionStation:
    def __init__(self, advisor: ModelAdapter):
        self.advisor = advisor

    def settle(self, orders, tolerance=0.05, max_rounds=8):
        def cond(carry):
            rounds, _, change = carry
            return jnp.logical_and(rounds < max_rounds, change > tolerance)

        def body(carry):
            rounds, state, _ = carry
            before = self.advisor.load(state).suggest(orders)
            after = self.advisor.suggest(orders)
            return rounds + 1, nnx.state(self.advisor.module), jnp.abs(after - before).max()

        init_state = nnx.state(self.advisor.module)
        return lax.while_loop(cond, body, (0, init_state, jnp.asarray(jnp.inf)))

    def drift(self):
        return jnp.abs(self.advisor.norm.mean[...]).max()


def main():
    orders = jax.random.poisson(jax.random.key(0), 2.0, (10, 6)).astype(jnp.float32)
    station = PortionStation(ModelAdapter(PortionAdvisor(6, nnx.Rngs(0))))
    station.settle(orders)
    station.drift().block_until_ready()
    return None
