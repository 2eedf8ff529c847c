# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 32 (128 B)
# class: 1 generator, discriminator and both nnx.Optimizers are closed over; nnx.grad and Optimizer.update are called on them in the fori_loop body
"""NNX GAN training: alternating D and G steps, the epoch loop moved into jax.lax.fori_loop."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class Generator(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(4, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 8, rngs=rngs)

    def __call__(self, z):
        return jnp.tanh(self.l2(nnx.relu(self.l1(z))))


class Discriminator(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(8, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.leaky_relu(self.l1(x), 0.2))


def bce(logits, target):
    return optax.sigmoid_binary_cross_entropy(logits, jnp.full_like(logits, target)).mean()


def d_loss(disc, real, fake):
    return bce(disc(real), 1.0) + bce(disc(fake), 0.0)


def g_loss(gen, disc, z):
    return bce(disc(gen(z)), 1.0)


def main():
    rngs = nnx.Rngs(0)
    gen, disc = Generator(rngs), Discriminator(rngs)
    g_opt = nnx.Optimizer(gen, optax.adam(2e-4, b1=0.5), wrt=nnx.Param)
    d_opt = nnx.Optimizer(disc, optax.adam(2e-4, b1=0.5), wrt=nnx.Param)
    real = jax.random.normal(jax.random.key(1), (5, 16, 8))
    noise = jax.random.normal(jax.random.key(2), (5, 16, 4))

    def train_step(i, carry):
        z, x = noise[i], real[i]
        fake = jax.lax.stop_gradient(gen(z))
        d_grads = nnx.grad(d_loss)(disc, x, fake)
        d_opt.update(disc, d_grads)
        g_grads = nnx.grad(g_loss)(gen, disc, z)
        g_opt.update(gen, g_grads)
        return carry

    jax.lax.fori_loop(0, 5, train_step, 0)
    return None
