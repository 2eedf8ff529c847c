# label: ok
# flax-error: none
# class: 4 module-level mc_predict gets the NNX model; dropout keys split up front and passed per step as rngs= from the scan xs
"""NNX MC-dropout: draw T stochastic predictions to estimate epistemic uncertainty."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class BayesMLP(nnx.Module):
    def __init__(self, din, dhidden, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, dhidden, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.l2 = nnx.Linear(dhidden, 1, rngs=rngs)

    def __call__(self, x, rngs=None):
        return self.l2(self.drop(nnx.relu(self.l1(x)), rngs=rngs))


def mc_predict(model, x, key, num_samples=10):
    model.train()  # keep dropout on at test time

    def body(carry, k):
        return carry, model(x, rngs=k)

    _, ys = jax.lax.scan(body, None, jax.random.split(key, num_samples))
    return ys.mean(0), ys.std(0)


def main():
    model = BayesMLP(2, 32, rngs=nnx.Rngs(params=0, dropout=1))
    mc_predict(model, jnp.ones((5, 2)), jax.random.key(7))
    return None
