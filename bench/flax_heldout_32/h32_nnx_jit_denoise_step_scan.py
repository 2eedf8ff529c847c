# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the module-level ddim_sample loop wrapper scans a body that calls denoise_step, an nnx.jit-compiled function given the closed-over model
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan

DIM, N_STEPS = 4, 5


class EpsModel(nnx.Module):
    def __init__(self, rngs):
        self.t_embed = nnx.Linear(1, 16, rngs=rngs)
        self.l1 = nnx.Linear(DIM, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, DIM, rngs=rngs)

    def __call__(self, x, t):
        h = nnx.silu(self.l1(x) + self.t_embed(t[None]))
        return self.l2(h)


@nnx.jit
def denoise_step(model, x, t, t_prev, alpha_bar):
    eps = model(x, t)
    a_t, a_prev = alpha_bar[t], alpha_bar[t_prev]
    x0 = (x - jnp.sqrt(1 - a_t) * eps) / jnp.sqrt(a_t)
    return jnp.sqrt(a_prev) * x0 + jnp.sqrt(1 - a_prev) * eps


def ddim_sample(model, x_T, alpha_bar):
    ts = jnp.arange(N_STEPS - 1, 0, -1)

    def body(x, t):
        x = denoise_step(model, x, t, t - 1, alpha_bar)
        return x, x

    return scan(body, x_T, ts)


def main():
    model = EpsModel(nnx.Rngs(0))
    alpha_bar = jnp.cumprod(1.0 - jnp.linspace(1e-4, 0.2, N_STEPS))
    x_T = jax.random.normal(jax.random.key(1), (DIM,))
    x0, traj = ddim_sample(model, x_T, alpha_bar)
    assert traj.shape == (N_STEPS - 1, DIM)
    return None
