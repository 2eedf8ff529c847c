# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 32 (128 B)
# class: 4 GANTrainer.train's fori_loop body reaches the networks and optimizers as self.gan.gen / self.gan.disc / self.gan.d_opt and updates them in place
"""Alternating GAN training (discriminator step, generator step) with NNX, in a raw fori_loop.

Shape of the reports: NNX GAN with two nnx.Optimizers; the training loop is moved into
jax.lax.fori_loop for speed, with the modules closed over by the body.
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
        def body(i, key):
            key, kz = jax.random.split(key)
            z = jax.random.normal(kz, (self.data.shape[1], 4))
            real = self.data[i % self.data.shape[0]]
            fake = self.gan.gen(z)
            _, d_grads = nnx.value_and_grad(d_loss_fn)(self.gan.disc, fake, real)
            self.gan.d_opt.update(self.gan.disc, d_grads)
            _, g_grads = nnx.value_and_grad(g_loss_fn)(self.gan.gen, self.gan.disc, z)
            self.gan.g_opt.update(self.gan.gen, g_grads)
            return key

        return fori_loop(0, steps, body, key)


def main():
    data = jax.random.normal(jax.random.key(0), (4, 64, 2)) * 0.5 + 2.0
    trainer = GANTrainer(GAN(nnx.Rngs(1)), data)
    trainer.train(8, jax.random.key(2))
    print("fake mean", trainer.gan.gen(jnp.ones((4, 4))).mean(0))
    return None
