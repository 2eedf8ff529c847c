# label: same-values
# flax-error: none
# class: 2 the seed local to main goes into the scan body, which rebuilds nnx.Rngs(noise=seed) on every step
"""Generating a batch of images from a GAN generator, one noise vector per scan
step.  A fresh nnx.Rngs is built inside the step so that the loop is
"reproducible"."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class Generator(nnx.Module):
    def __init__(self, z_dim, out_dim, rngs: nnx.Rngs):
        self.z_dim = z_dim
        self.l1 = nnx.Linear(z_dim, 32, rngs=rngs)
        self.ln = nnx.LayerNorm(32, rngs=rngs)
        self.l2 = nnx.Linear(32, out_dim, rngs=rngs)

    def __call__(self, z):
        return jnp.tanh(self.l2(nnx.leaky_relu(self.ln(self.l1(z)), 0.2)))


def main():
    gen = Generator(8, 16, nnx.Rngs(params=0))
    gen.eval()
    seed = 1234

    def step(carry, t):
        rngs = nnx.Rngs(noise=seed)
        z = jax.random.normal(rngs.noise(), (gen.z_dim,))
        return carry, gen(z)

    _, images = lax.scan(step, None, jnp.arange(5))
    return images
