# label: ok
# flax-error: none
# class: 5 the sample bank gets the config from the experiment object and, in the fori_loop body, builds nnx.Rngs through the make_rngs helper from cfg.sampling.seed folded with the loop index to draw each latent batch
"""Sample bank for a GAN evaluation harness (FID-style), NNX side.

Generators are built by name from a small model zoo; a ConfigDict-style config holds the
sampling seed. `SampleBank.fill` draws latent batches and generated samples into
preallocated buffers with a raw `jax.lax.fori_loop`; each batch folds its index into the
seed key, so the bank is reproducible batch by batch.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class ConfigDict(dict):
    __getattr__ = dict.__getitem__
    __setattr__ = dict.__setitem__


def default_config():
    return ConfigDict(
        model=ConfigDict(name="mlp_gen", z_dim=4, out_dim=6),
        sampling=ConfigDict(seed=123, num_batches=5, batch=3),
    )


GENERATORS = {}


def register_generator(name):
    def deco(cls):
        GENERATORS[name] = cls
        return cls
    return deco


@register_generator("mlp_gen")
class MLPGenerator(nnx.Module):
    def __init__(self, z_dim, out_dim, rngs):
        self.l1 = nnx.Linear(z_dim, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, out_dim, rngs=rngs)

    def __call__(self, z):
        return jnp.tanh(self.l2(nnx.leaky_relu(self.l1(z), 0.2)))


def make_rngs(cfg, index):
    key = jax.random.fold_in(jax.random.key(cfg.sampling.seed), index)
    return nnx.Rngs(latent=key)


class Experiment:
    def __init__(self, cfg):
        self.cfg = cfg
        m = cfg.model
        self.generator = GENERATORS[m.name](m.z_dim, m.out_dim, rngs=nnx.Rngs(0))


class SampleBank:
    def __init__(self, experiment: Experiment):
        self.exp = experiment

    def fill(self):
        cfg = self.exp.cfg
        n, b, zd = cfg.sampling.num_batches, cfg.sampling.batch, cfg.model.z_dim
        gen = self.exp.generator
        latents = jnp.zeros((n, b, zd))
        samples = jnp.zeros((n, b, cfg.model.out_dim))

        def body(i, bufs):
            latents, samples = bufs
            rngs = make_rngs(cfg, i)
            z = jax.random.normal(rngs.latent(), (b, zd))
            return latents.at[i].set(z), samples.at[i].set(gen(z))

        return jax.lax.fori_loop(0, n, body, (latents, samples))


def main():
    exp = Experiment(default_config())
    latents, samples = SampleBank(exp).fill()
    return latents
