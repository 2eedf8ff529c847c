# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "nfe" in "/" because collection "stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 a factory make_denoise_step returns the fori_loop body, closing over model.apply and the variables; the denoiser counts its calls in a 'stats' variable
"""DDIM-like deterministic sampler for a toy denoiser.

The denoiser keeps a count of network evaluations (NFE) in a 'stats'
collection, as in several diffusion codebases. A factory builds the sampler
step from model.apply and the trained variables, and lax.fori_loop runs the
reverse process.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class Denoiser(nn.Module):
    hidden: int = 32

    @nn.compact
    def __call__(self, x, t):
        nfe = self.variable("stats", "nfe", lambda: jnp.zeros((), jnp.int32))
        nfe.value = nfe.value + 1
        temb = jnp.stack([jnp.sin(t), jnp.cos(t)])
        h = jnp.concatenate([x, jnp.broadcast_to(temb, x.shape[:-1] + (2,))], axis=-1)
        h = nn.swish(nn.Dense(self.hidden)(h))
        return nn.Dense(x.shape[-1])(h)


def make_denoise_step(apply_fn, variables, n_steps):
    def step(i, x):
        t = 1.0 - i / n_steps
        eps = apply_fn(variables, x, t)
        return x - (1.0 / n_steps) * eps

    return step


def main():
    model = Denoiser()
    x_T = jax.random.normal(jax.random.key(0), (8, 2))
    variables = model.init(jax.random.key(1), x_T, 1.0)
    n_steps = 10
    step = make_denoise_step(model.apply, variables, n_steps)
    x_0 = lax.fori_loop(0, n_steps, step, x_T)
    print("samples", x_0)
    return None
