# label: same-values
# flax-error: none
# class: 4 body built by make_pc_step(score_model, key) in one function and handed to jax.lax.scan by another; the closure captures the NNX model and one key
"""Predictor-corrector sampling for a VP-SDE score model (NNX).

`make_pc_step` builds the per-step function from the score model and the sampler settings,
`sample` runs it. Returns the noise used at each step.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan

BETA_MIN, BETA_MAX = 0.1, 20.0


class ScoreMLP(nnx.Module):
    def __init__(self, dim=2, hidden=32, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(dim + 1, hidden, rngs=rngs)
        self.l2 = nnx.Linear(hidden, dim, rngs=rngs)

    def __call__(self, x, t):
        tt = jnp.broadcast_to(t, x.shape[:-1] + (1,))
        return self.l2(nnx.swish(self.l1(jnp.concatenate([x, tt], -1))))


def make_pc_step(score_model, key, dt, snr=0.16):
    def pc_step(x, t):
        beta = BETA_MIN + t * (BETA_MAX - BETA_MIN)
        z = jax.random.normal(key, x.shape)
        # Langevin corrector
        s = score_model(x, t)
        eps = 2 * (snr * jnp.linalg.norm(z) / (jnp.linalg.norm(s) + 1e-6)) ** 2
        x = x + eps * s + jnp.sqrt(2 * eps) * z
        # Euler-Maruyama predictor on the reverse SDE
        s = score_model(x, t)
        x = x + (0.5 * beta * x + beta * s) * dt + jnp.sqrt(beta * dt) * z
        return x, z
    return pc_step


def sample(score_model, key, shape, n_steps=6):
    key, init_key = jax.random.split(key)
    x = jax.random.normal(init_key, shape)
    ts = jnp.linspace(1.0, 1e-3, n_steps)
    step = make_pc_step(score_model, key, dt=1.0 / n_steps)
    x, zs = scan(step, x, ts)
    return x, zs


def main():
    model = ScoreMLP(rngs=nnx.Rngs(0))
    _, zs = sample(model, jax.random.key(1), (4, 2))
    return zs
