# label: ok
# flax-error: none
# class: 4 GANTrainer.train splits self.gan.gen / disc / g_opt / d_opt before the fori_loop; the body merges them from the carry and returns their new state
"""Alternating GAN training (discriminator step, generator step) with NNX, in a raw fori_loop.

Twin of h117_nnx_gan: networks and optimizers are split, their state travels in the fori_loop
carry and is written back with nnx.update after the loop.
"""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax.lax import fori_loop


class Generator(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(4, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 2, rngs=rngs)

    def __call__(self, z):
        return self.l2(nnx.relu(self.l1(z)))


class Discriminator(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(2, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.leaky_relu(self.l1(x), 0.2))


class GAN:
    def __init__(self, rngs: nnx.Rngs):
        self.gen = Generator(rngs)
        self.disc = Discriminator(rngs)
        self.g_opt = nnx.Optimizer(self.gen, optax.adam(1e-3), wrt=nnx.Param)
        self.d_opt = nnx.Optimizer(self.disc, optax.adam(1e-3), wrt=nnx.Param)


def d_loss_fn(disc, fake, real):
    return jnp.mean(nnx.softplus(disc(fake))) + jnp.mean(nnx.softplus(-disc(real)))


def g_loss_fn(gen, disc, z):
    return jnp.mean(nnx.softplus(-disc(gen(z))))


class GANTrainer:
    def __init__(self, gan, data):
        self.gan = gan
        self.data = data

    def train(self, steps, key):
        parts = (self.gan.gen, self.gan.disc, self.gan.g_opt, self.gan.d_opt)
        graphdef, state = nnx.split(parts)

        def body(i, carry):
            state, key = carry
            gen, disc, g_opt, d_opt = nnx.merge(graphdef, state)
            key, kz = jax.random.split(key)
            z = jax.random.normal(kz, (self.data.shape[1], 4))
            real = self.data[i % self.data.shape[0]]
            fake = gen(z)
            _, d_grads = nnx.value_and_grad(d_loss_fn)(disc, fake, real)
            d_opt.update(disc, d_grads)
            _, g_grads = nnx.value_and_grad(g_loss_fn)(gen, disc, z)
            g_opt.update(gen, g_grads)
            return nnx.state((gen, disc, g_opt, d_opt)), key

        state, key = fori_loop(0, steps, body, (state, key))
        nnx.update(parts, state)
        return key


def main():
    data = jax.random.normal(jax.random.key(0), (4, 64, 2)) * 0.5 + 2.0
    trainer = GANTrainer(GAN(nnx.Rngs(1)), data)
    trainer.train(8, jax.random.key(2))
    print("fake mean", trainer.gan.gen(jnp.ones((4, 4))).mean(0))
    return None
