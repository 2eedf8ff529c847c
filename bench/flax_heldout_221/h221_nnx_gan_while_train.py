# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 the while_loop body calls self.d_step(), which updates self.gan.d_opt with grads of self.gan.disc
"""Tiny 1-D GAN in NNX, discriminator trained with a raw jax.lax.while_loop.

Shape of an NNX issue: the user trains the discriminator "until it is good
enough" (loss below a threshold or a step cap) before each generator step,
with jax.lax.while_loop, and updates the discriminator's nnx.Optimizer that
lives on a GAN container reached through the trainer.
"""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class MLP(nnx.Module):
    def __init__(self, din, dout, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, dout, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.leaky_relu(self.l1(x), 0.2))


class GAN(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.gen = MLP(2, 1, rngs)
        self.disc = MLP(1, 1, rngs)
        self.d_opt = nnx.Optimizer(self.disc, optax.adam(1e-3), wrt=nnx.Param)


def d_loss(disc, real, fake):
    return (jnp.mean(jax.nn.softplus(-disc(real)))
            + jnp.mean(jax.nn.softplus(disc(fake))))


class Trainer:
    def __init__(self, gan):
        self.gan = gan

    def d_step(self, real, z):
        fake = self.gan.gen(z)
        loss, grads = nnx.value_and_grad(d_loss)(self.gan.disc, real, fake)
        self.gan.d_opt.update(self.gan.disc, grads)
        return loss

    def train_disc(self, real, z, max_steps=20, target=0.5):
        def cond(state):
            i, loss = state
            return (i < max_steps) & (loss > target)

        def body(state):
            i, _ = state
            return i + 1, self.d_step(real, z)

        return jax.lax.while_loop(cond, body, (0, jnp.inf))


def main():
    gan = GAN(nnx.Rngs(0))
    trainer = Trainer(gan)
    real = 0.5 * jax.random.normal(jax.random.key(1), (32, 1)) + 3.0
    z = jax.random.normal(jax.random.key(2), (32, 2))
    steps, loss = trainer.train_disc(real, z)
    print(int(steps), float(loss))
    return None
