# label: ok
# flax-error: none
# class: 4 self.make_rng is drawn once outside the raw lax.scan and folded in with the step index given as xs
"""The same-dropout-mask question after the fix: one key from make_rng, folded in with the step."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class DropoutRNN(nn.Module):
    hidden: int = 6
    rate: float = 0.5

    @nn.compact
    def __call__(self, xs, train: bool = True):
        w = self.param("w", nn.initializers.lecun_normal(), (xs.shape[-1], self.hidden))
        base_key = self.make_rng("dropout")

        def step(h, inp):
            t, x = inp
            keep = jax.random.bernoulli(jax.random.fold_in(base_key, t), 1 - self.rate, h.shape)
            h = jnp.tanh(x @ w + jnp.where(keep, h, 0.0) / (1 - self.rate))
            return h, keep

        steps = jnp.arange(xs.shape[0])
        _, masks = jax.lax.scan(step, jnp.ones((xs.shape[1], self.hidden)), (steps, xs))
        return masks


def main():
    model = DropoutRNN()
    xs = jnp.ones((6, 3, 4))
    params = model.init({"params": jax.random.PRNGKey(0), "dropout": jax.random.PRNGKey(1)}, xs)
    masks = model.apply(params, xs, rngs={"dropout": jax.random.PRNGKey(2)})
    return masks
