# label: ok
# flax-error: none
# class: 2 main's local `denoiser`, switched to evaluation mode before sampling, is called directly inside the scan body
"""Classifier-free guidance: a small label-conditioned denoiser sampled with a stochastic
Euler scheme; guided noise prediction = uncond + w * (cond - uncond)."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax

NUM_STEPS = 6
GUIDANCE = 2.5


class Denoiser(nnx.Module):
    def __init__(self, dim: int, num_classes: int, *, rngs: nnx.Rngs):
        self.null_label = num_classes
        self.label_embed = nnx.Embed(num_classes + 1, 16, rngs=rngs)
        self.inp = nnx.Linear(dim + 1, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.out = nnx.Linear(16, dim, rngs=rngs)

    def __call__(self, x, t, labels):
        t_col = jnp.full((x.shape[0], 1), t)
        h = self.inp(jnp.concatenate([x, t_col], axis=-1)) + self.label_embed(labels)
        return self.out(self.drop(nnx.silu(h)))


def main():
    denoiser = Denoiser(4, 3, rngs=nnx.Rngs(params=0, dropout=1))
    denoiser.eval()
    labels = jnp.array([0, 1, 2])
    null = jnp.full_like(labels, denoiser.null_label)
    dt = 1.0 / NUM_STEPS

    x_T = jax.random.normal(jax.random.key(7), (3, 4))
    ts = jnp.linspace(1.0, dt, NUM_STEPS)
    noise_keys = jax.random.split(jax.random.key(8), NUM_STEPS)

    def euler_step(x, inputs):
        t, key = inputs
        eps_cond = denoiser(x, t, labels)
        eps_uncond = denoiser(x, t, null)
        eps = eps_uncond + GUIDANCE * (eps_cond - eps_uncond)
        x = x - dt * eps + 0.1 * jnp.sqrt(dt) * jax.random.normal(key, x.shape)
        return x, None

    x0, _ = lax.scan(euler_step, x_T, (ts, noise_keys))
    jax.block_until_ready(x0)
    return None
