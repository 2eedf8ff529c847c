# label: same-values
# flax-error: none
# class: 4 make_generator() factory returns partial(model.apply, variables, rngs={'latent': key}, method=VAE.generate); Evaluator stores it and its raw fori_loop body calls it
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop


class VAE(nn.Module):
    latent: int = 2
    out: int = 4

    def setup(self):
        self.enc = nn.Dense(2 * self.latent)
        self.dec = nn.Dense(self.out)

    def __call__(self, x):
        mu, logvar = jnp.split(self.enc(x), 2, axis=-1)
        z = mu + jnp.exp(0.5 * logvar) * jax.random.normal(self.make_rng("latent"), mu.shape)
        return self.dec(z), mu, logvar

    def generate(self, n):
        z = jax.random.normal(self.make_rng("latent"), (n, self.latent))
        return self.dec(z)


def make_generator(model, variables, key):
    return functools.partial(model.apply, variables, rngs={"latent": key}, method=VAE.generate)


class Evaluator:
    def __init__(self, generate_fn, n_rounds=4, batch=3, out=4):
        self.generate_fn = generate_fn
        self.n_rounds = n_rounds
        self.batch = batch
        self.out = out

    def collect(self):
        buf = jnp.zeros((self.n_rounds, self.batch, self.out))

        def body(i, buf):
            return buf.at[i].set(self.generate_fn(self.batch))

        return fori_loop(0, self.n_rounds, body, buf)


def main():
    model = VAE()
    x = jnp.ones((3, 4))
    variables = model.init({"params": jax.random.key(0), "latent": jax.random.key(1)}, x)
    evaluator = Evaluator(make_generator(model, variables, jax.random.key(2)))
    samples = evaluator.collect()
    return samples
