# label: same-values
# flax-error: none
# class: 1 self.make_rng('dropout') is called inside the raw lax.scan body of the module
"""'Same dropout mask at every timestep': a recurrent cell with variational-style dropout where
the mask is drawn with self.make_rng inside the jax.lax.scan body. Returns the masks, step first."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class DropoutRNN(nn.Module):
    hidden: int = 6
    rate: float = 0.5

    @nn.compact
    def __call__(self, xs, train: bool = True):
        w = self.param("w", nn.initializers.lecun_normal(), (xs.shape[-1], self.hidden))

        def step(h, x):
            keep = jax.random.bernoulli(self.make_rng("dropout"), 1 - self.rate, h.shape)
            h = jnp.tanh(x @ w + jnp.where(keep, h, 0.0) / (1 - self.rate))
            return h, keep

        _, masks = jax.lax.scan(step, jnp.ones((xs.shape[1], self.hidden)), xs)
        return masks


def main():
    model = DropoutRNN()
    xs = jnp.ones((6, 3, 4))
    params = model.init({"params": jax.random.PRNGKey(0), "dropout": jax.random.PRNGKey(1)}, xs)
    masks = model.apply(params, xs, rngs={"dropout": jax.random.PRNGKey(2)})
    return masks
