# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the generator branch_handles(branches) yields LazyForecaster wrappers that build the nnx module on their first call, which happens inside the driver's scan body; the wrapper keeps that module for the end-of-day summary
"""Library book returns: every branch has a forecaster that predicts the returns per hour
from the loan book; the driver replays the day for each branch, then summarises tomorrow's
first hour with the same forecasters."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class ReturnsForecaster(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.loans = nnx.Linear(3, 8, rngs=rngs)
        self.returns = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, features):
        return nnx.softplus(self.returns(nnx.tanh(self.loans(features))))[0]


class LazyForecaster:
    """Builds the module the first time it is needed, so idle branches cost nothing."""

    def __init__(self, seed):
        self.seed = seed
        self.model = None

    def __call__(self, features):
        if self.model is None:
            self.model = ReturnsForecaster(nnx.Rngs(self.seed))
        return self.model(features)


def branch_handles(branches):
    for i, name in enumerate(branches):
        yield name, LazyForecaster(seed=i)


def replay_day(handle, hours):
    def body(shelved, features):
        returned = handle(features)
        return shelved + returned, returned

    return lax.scan(body, jnp.zeros(()), hours)


def main():
    hours = jax.random.uniform(jax.random.key(12), (10, 3))
    handles = dict(branch_handles(["central", "riverside", "old-town"]))
    for name, handle in handles.items():
        replay_day(handle, hours)
    summary = {name: handle(hours[0]) for name, handle in handles.items()}
    jax.tree.map(float, summary)
    return None
