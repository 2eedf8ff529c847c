# label: same-values
# flax-error: none
# class: 3 NNX: one key drawn from Rngs before the scan and closed over by the body
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class Denoiser(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.net = nnx.Linear(3, 3, rngs=rngs)
        self.rngs = rngs

    def sample(self, x, steps: int):
        key = self.rngs.noise()

        def body(x, _):
            z = jax.random.normal(key, x.shape)
            return x - 0.1 * self.net(x) + 0.05 * z, z

        return jax.lax.scan(body, x, None, length=steps)[1]


def main():
    model = Denoiser(nnx.Rngs(params=0, noise=1))
    return model.sample(jnp.ones((3,)), 5)
