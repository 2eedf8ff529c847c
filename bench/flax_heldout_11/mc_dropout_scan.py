# label: same-values
# flax-error: none
# class: 1 nn.Dropout built inside the scan body, dropout rng drawn per step; returns the masks
import jax
import jax.numpy as jnp
from flax import linen as nn


class MCDropout(nn.Module):
    n_samples: int = 5

    @nn.compact
    def __call__(self, x):
        h = nn.Dense(4)(x)

        def sample(c, _):
            out = nn.Dropout(rate=0.5, deterministic=False)(h)
            return c, out

        _, outs = jax.lax.scan(sample, None, None, length=self.n_samples)
        return outs


def main():
    model = MCDropout()
    x = jnp.ones((1, 4))
    params = model.init({"params": jax.random.PRNGKey(0), "dropout": jax.random.PRNGKey(1)}, x)
    outs = model.apply(params, x, rngs={"dropout": jax.random.PRNGKey(7)})
    print(outs[:, 0])
    return outs != 0
