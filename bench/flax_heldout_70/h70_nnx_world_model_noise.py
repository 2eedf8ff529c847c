# label: same-values
# flax-error: none
# class: 2 closure inside the NNX __call__ uses one key pulled from self.rngs.noise() before the lax.scan, for every step
"""World-model encoder with observation-noise augmentation over a trajectory (NNX).

During world-model training the observations of a trajectory are corrupted with Gaussian noise
before encoding. The per-step encoder runs inside a raw lax.scan in __call__. Returns the
noise added at each step.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class NoisyEncoder(nnx.Module):
    def __init__(self, obs_dim=6, latent=8, noise_std=0.05, *, rngs: nnx.Rngs):
        self.enc = nnx.Linear(obs_dim, latent, rngs=rngs)
        self.cell = nnx.GRUCell(latent, latent, rngs=rngs)
        self.noise_std = noise_std
        self.rngs = rngs

    def __call__(self, obs_seq):
        key = self.rngs.noise()

        def encode(h, obs):
            eps = self.noise_std * jax.random.normal(key, obs.shape)
            h, _ = self.cell(h, nnx.relu(self.enc(obs + eps)))
            return h, eps

        h0 = jnp.zeros(obs_seq.shape[1:2] + (8,))
        _, eps = jax.lax.scan(encode, h0, obs_seq)
        return eps


def main():
    model = NoisyEncoder(rngs=nnx.Rngs(params=0, noise=1))
    obs = jnp.ones((7, 2, 6))
    return model(obs)
