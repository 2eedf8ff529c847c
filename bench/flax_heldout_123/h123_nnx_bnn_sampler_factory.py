# label: same-values
# flax-error: none
# class: 5 a factory returns the fori_loop body closed over the BNN and a key; the body builds nnx.Rngs(weights=key) from that key every iteration
"""NNX Bayes-by-backprop network whose BayesLinear layers draw weight noise from the Rngs passed
at call time. make_sampler(model, x, key) returns a fori_loop body that writes one posterior
predictive sample per iteration, wrapping the key it was given in nnx.Rngs each time."""
import jax
import jax.numpy as jnp
from flax import nnx

NUM_SAMPLES = 8


class BayesLinear(nnx.Module):
    def __init__(self, din, dout, rngs: nnx.Rngs):
        self.mu = nnx.Param(jax.random.normal(rngs.params(), (din, dout)) / jnp.sqrt(din))
        self.rho = nnx.Param(jnp.full((din, dout), -3.0))

    def __call__(self, x, rngs: nnx.Rngs):
        eps = jax.random.normal(rngs.weights(), self.mu.shape)
        return x @ (self.mu[...] + jax.nn.softplus(self.rho[...]) * eps)


class BNN(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = BayesLinear(1, 32, rngs)
        self.l2 = BayesLinear(32, 1, rngs)

    def __call__(self, x, rngs: nnx.Rngs):
        return self.l2(jnp.tanh(self.l1(x, rngs)), rngs)


def make_sampler(model, x, key):
    def draw(i, preds):
        return preds.at[i].set(model(x, nnx.Rngs(weights=key)))
    return draw


def main():
    x = jnp.linspace(-3, 3, 12)[:, None]
    model = BNN(nnx.Rngs(params=0))
    sampler = make_sampler(model, x, jax.random.PRNGKey(1))
    preds = jax.lax.fori_loop(0, NUM_SAMPLES, sampler, jnp.zeros((NUM_SAMPLES, 12, 1)))
    return preds  # (samples, batch, 1)


if __name__ == "__main__":
    print(main().std(0).mean())
