# label: ok
# flax-error: none
# class: 2 a local params State from nnx.state(model, nnx.Param) supplies the head bias, which goes through the fori_loop carry and is written back into params before nnx.update(model, params)
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

    def nudge(i, carry):
        bias, err_sum = carry
        pred = model(calls[i])
        err = pred - observed_waits[i]
        return bias - lr * err, err_sum + jnp.mean(err ** 2)

    init = (params["head"]["bias"][...], jnp.zeros(()))
    bias, err_sum = jax.lax.fori_loop(0, calls.shape[0], nudge, init)
    params["head"]["bias"] = bias
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
