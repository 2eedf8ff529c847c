# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 module-level mc_predict gets the NNX model (Dropout holding its own Rngs); the jax.lax.scan body calls it
"""NNX MC-dropout: draw T stochastic predictions to estimate epistemic uncertainty."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class BayesMLP(nnx.Module):
    def __init__(self, din, dhidden, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, dhidden, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.l2 = nnx.Linear(dhidden, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(self.drop(nnx.relu(self.l1(x))))


def mc_predict(model, x, num_samples=10):
    model.train()  # keep dropout on at test time

    def body(carry, _):
        return carry, model(x)

    _, ys = jax.lax.scan(body, None, None, length=num_samples)
    return ys.mean(0), ys.std(0)


def main():
    model = BayesMLP(2, 32, rngs=nnx.Rngs(params=0, dropout=1))
    mc_predict(model, jnp.ones((5, 2)))
    return None
