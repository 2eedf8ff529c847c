# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 a local params State from nnx.state(model, nnx.Param) has its head bias entry replaced inside the fori_loop body; nnx.update(model, params) after the loop
"""Elevator group dispatch: a wait-time predictor for a bank of six cars is adapted to a
new building by nudging its output bias toward observed hall-call waits."""
import jax
import jax.numpy as jnp
from flax import nnx


class WaitTimePredictor(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.body = nnx.Linear(8, 16, rngs=rngs)
        self.head = nnx.Linear(16, 6, rngs=rngs)

    def __call__(self, calls):
        return nnx.softplus(self.head(nnx.relu(self.body(calls))))


def adapt_bias(model, calls, observed_waits, lr=0.1):
    params = nnx.state(model, nnx.Param)

    def nudge(i, err_sum):
        pred = model(calls[i])
        err = pred - observed_waits[i]
        params["head"]["bias"] = params["head"]["bias"] - lr * err
        return err_sum + jnp.mean(err ** 2)

    err_sum = jax.lax.fori_loop(0, calls.shape[0], nudge, jnp.zeros(()))
    nnx.update(model, params)
    return err_sum


def main():
    calls = jax.random.uniform(jax.random.key(131), (15, 8))
    waits = 20.0 + 10.0 * jax.random.uniform(jax.random.key(132), (15, 6))
    model = WaitTimePredictor(nnx.Rngs(0))
    adapt_bias(model, calls, waits)
    preds = model(calls[0])
    assert preds.shape == (6,)
    return None
