# label: ok
# flax-error: none
# class: 2 nnx.split of (generator, discriminator, optimizers) is the fori_loop carry; nnx.merge in the body, nnx.state returned
"""NNX GAN training in jax.lax.fori_loop, after the fix: split state carried, merged inside the body."""
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
    graphdef, state = nnx.split((gen, disc, g_opt, d_opt))

    def train_step(i, state):
        gen, disc, g_opt, d_opt = nnx.merge(graphdef, state)
        z, x = noise[i], real[i]
        fake = jax.lax.stop_gradient(gen(z))
        d_grads = nnx.grad(d_loss)(disc, x, fake)
        d_opt.update(disc, d_grads)
        g_grads = nnx.grad(g_loss)(gen, disc, z)
        g_opt.update(gen, g_grads)
        return nnx.state((gen, disc, g_opt, d_opt))

    state = jax.lax.fori_loop(0, 5, train_step, state)
    nnx.update((gen, disc, g_opt, d_opt), state)
    return None
