# label: same-values
# flax-error: none
# class: 3 nnx.split state closed over by the scan body; each step nnx.merge(copy=True) rebuilds the denoiser and its held nnx.Rngs stream draws the noise
import jax
import jax.numpy as jnp
from flax import nnx

T = 5


class Denoiser(nnx.Module):
    def __init__(self, dim, *, rngs: nnx.Rngs):
        self.net = nnx.Sequential(
            nnx.Linear(dim + 1, 16, rngs=rngs), nnx.silu, nnx.Linear(16, dim, rngs=rngs)
        )
        self.rngs = rngs

    def __call__(self, x, t):
        tt = jnp.full(x.shape[:-1] + (1,), t / T)
        return self.net(jnp.concatenate([x, tt], axis=-1))

    def sample_noise(self, shape):
        return jax.random.normal(self.rngs.noise(), shape)


def ancestral_sample(model, x_T, sigma=0.1):
    graphdef, state = nnx.split(model)

    def body(x, t):
        m = nnx.merge(graphdef, state, copy=True)
        z = m.sample_noise(x.shape)
        x = x - 0.2 * m(x, t) + sigma * z
        return x, z

    return jax.lax.scan(body, x_T, jnp.arange(T, 0, -1))


def main():
    model = Denoiser(2, rngs=nnx.Rngs(params=0, noise=1))
    x_T = jax.random.normal(jax.random.key(2), (3, 2))
    x0, zs = ancestral_sample(model, x_T)
    print("x0", x0)
    return zs
