# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the BNN is split once in main; the fori_loop body merges the closed-over state (its Rngs counter included) in every iteration
"""NNX Bayesian neural net (weights sampled from the stored Rngs at every call). Knowing that a
raw loop cannot mutate the module, the user splits it once and merges it inside the fori_loop
body, but merges the state closed over from main rather than a carried one."""
import jax
import jax.numpy as jnp
from flax import nnx

NUM_SAMPLES = 8


class BayesLinear(nnx.Module):
    def __init__(self, din, dout, rngs: nnx.Rngs):
        self.mu = nnx.Param(jax.random.normal(rngs.params(), (din, dout)) / jnp.sqrt(din))
        self.rho = nnx.Param(jnp.full((din, dout), -3.0))
        self.rngs = rngs

    def __call__(self, x):
        eps = jax.random.normal(self.rngs.weights(), self.mu.shape)
        return x @ (self.mu[...] + jax.nn.softplus(self.rho[...]) * eps)


class BNN(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = BayesLinear(1, 32, rngs)
        self.l2 = BayesLinear(32, 1, rngs)

    def __call__(self, x):
        return self.l2(jnp.tanh(self.l1(x)))


def main():
    x = jnp.linspace(-3, 3, 12)[:, None]
    model = BNN(nnx.Rngs(params=0, weights=1))
    graphdef, state = nnx.split(model)

    def draw(i, preds):
        m = nnx.merge(graphdef, state)
        return preds.at[i].set(m(x))

    preds = jax.lax.fori_loop(0, NUM_SAMPLES, draw, jnp.zeros((NUM_SAMPLES, 12, 1)))
    return preds  # (samples, batch, 1)


if __name__ == "__main__":
    print(main().std(0).mean())
