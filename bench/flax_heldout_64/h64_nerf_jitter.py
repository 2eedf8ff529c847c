# label: same-values
# flax-error: none
# class: 1 the stratified-sampling key is drawn with self.make_rng once in __call__ and closed over by the scan body
import jax
import jax.numpy as jnp
from flax import linen as nn


class StratifiedSampler(nn.Module):
    n_samples: int = 8
    near: float = 2.0
    far: float = 6.0

    @nn.compact
    def __call__(self, rays_o, rays_d, n_iters):
        bins = jnp.linspace(self.near, self.far, self.n_samples + 1)
        lower, upper = bins[:-1], bins[1:]
        key = self.make_rng("sample")

        def march(carry, _):
            jitter = jax.random.uniform(key, (rays_o.shape[0], self.n_samples))
            t_vals = lower + (upper - lower) * jitter
            return carry, t_vals - lower

        _, offsets = jax.lax.scan(march, None, None, length=n_iters)
        return offsets


def main():
    rays_o = jnp.zeros((3, 3))
    rays_d = jnp.ones((3, 3)) / jnp.sqrt(3.0)
    model = StratifiedSampler()
    variables = model.init({"params": jax.random.PRNGKey(0), "sample": jax.random.PRNGKey(1)}, rays_o, rays_d, 4)
    offsets = model.apply(variables, rays_o, rays_d, 4, rngs={"sample": jax.random.PRNGKey(2)})
    return offsets
