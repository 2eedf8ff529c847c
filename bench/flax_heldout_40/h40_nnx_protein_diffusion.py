# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the bound method self.reverse_step is the jax.lax.scan body and draws noise from the nnx.Rngs stored on the module (self.rngs.noise())
"""Reverse diffusion over C-alpha coordinates of a small protein backbone with an
SE(3)-agnostic MLP denoiser (toy version of backbone generative models)."""
import jax
import jax.numpy as jnp
from flax import nnx


class BackboneDenoiser(nnx.Module):
    def __init__(self, n_res: int, hidden: int, num_steps: int, *, rngs: nnx.Rngs):
        self.n_res = n_res
        self.num_steps = num_steps
        self.rngs = rngs
        self.t_embed = nnx.Embed(num_steps, hidden, rngs=rngs)
        self.inp = nnx.Linear(3, hidden, rngs=rngs)
        self.mix = nnx.Linear(hidden, hidden, rngs=rngs)
        self.out = nnx.Linear(hidden, 3, rngs=rngs)
        betas = jnp.linspace(1e-4, 0.02, num_steps)
        self.betas = nnx.Variable(betas)
        self.alpha_bars = nnx.Variable(jnp.cumprod(1.0 - betas))

    def __call__(self, x, t):
        h = self.inp(x) + self.t_embed(t)[:, None, :]
        h = h + self.mix(nnx.gelu(h - h.mean(1, keepdims=True)))
        return self.out(nnx.gelu(h))

    def reverse_step(self, x, t):
        beta, abar = self.betas.value[t], self.alpha_bars.value[t]
        eps_hat = self(x, jnp.full((x.shape[0],), t))
        mean = (x - beta / jnp.sqrt(1 - abar) * eps_hat) / jnp.sqrt(1 - beta)
        noise = jax.random.normal(self.rngs.noise(), x.shape)
        return mean + jnp.where(t > 0, jnp.sqrt(beta), 0.0) * noise, None

    def sample(self, batch):
        x_T = jax.random.normal(self.rngs.noise(), (batch, self.n_res, 3))
        ts = jnp.arange(self.num_steps)[::-1]
        x0, _ = jax.lax.scan(self.reverse_step, x_T, ts)
        return x0 * 3.8  # angstrom scale of CA-CA distance


def main():
    model = BackboneDenoiser(n_res=16, hidden=32, num_steps=20,
                             rngs=nnx.Rngs(params=0, noise=1))
    coords = model.sample(batch=2)
    jax.block_until_ready(coords)
    return None
